# Lobby (nl): the lobby's screen, keys and notices.

## Lobby (src/ui/lobby.rs)

lobby-you-are = je bent { $nick }
lobby-guest = { $nick } (gast)
lobby-counts = { $players } online, { $seeks ->
        [one] 1 uitnodiging
       *[other] { $seeks } uitnodigingen
    }, { $games ->
        [one] 1 partij
       *[other] { $games } partijen
    }
lobby-return = { $key }: terug naar je partij #{ $id }
lobby-players-title = Spelers ({ $count })
lobby-nobody = nog niemand anders hier
lobby-head-nick = naam
lobby-head-rating = rating
lobby-head-status = status
lobby-rating-bot = bot
lobby-rating-guest = gast
lobby-you = (jij)
lobby-status-idle-long = in de lobby
lobby-status-idle = lobby
lobby-status-left-long = verliet partij #{ $id }
lobby-status-left = weg #{ $id }
lobby-status-seeking = zoekt
lobby-status-playing = speelt
lobby-status-watching = kijkt
lobby-seeks-title = Open uitnodigingen ({ $count })
lobby-no-seeks = nog geen open uitnodigingen:
lobby-post-seek = een uitnodiging plaatsen
lobby-games-title = Lopende partijen ({ $count })
lobby-no-games = geen lopende partijen
lobby-tournaments-title = Toernooien ({ $count })
lobby-chat-title = Chat
lobby-chat-empty = t om te chatten
lobby-say = zeg:

## Lobby lists: seeks, games, tournaments (src/ui/lobby.rs)

lobby-head-player = speler
lobby-head-variant = variant
lobby-head-clock = klok
lobby-head-rated = rating
lobby-head-rules = regels
lobby-seek-rated = om rating
lobby-seek-casual = vrijblijvend
lobby-seek-private = privé
lobby-seek-no-clock = geen
lobby-seek-to-you-long = daagt je uit!
lobby-seek-to-you = aan jou!
lobby-rules-two-square = 2v:{ $n }
lobby-rules-two-square-off = 2v:uit
lobby-rules-chase = achtervolging
lobby-rules-aggressor = AV
lobby-rules-silent = SV
lobby-rules-rescue = redding
lobby-rules-immobility = klem:direct
lobby-computer-row = tegen de computer ({ $terms })
lobby-computer-row-short = tegen de computer
lobby-head-red-blue = rood tegen blauw
lobby-vs = tegen
lobby-head-move = zet
lobby-head-watching = kijkers
lobby-private = (privé)
lobby-tour-players = { $count ->
        [one] speler
       *[other] spelers
    }
lobby-terms-arena = Arena { $minutes } min
lobby-terms-swiss = Zwitsers systeem, { $rounds ->
        [one] 1 ronde
       *[other] { $rounds } rondes
    }
lobby-terms-anyone = open voor iedereen
lobby-terms-key-holders = alleen met sleutel
lobby-terms-invited = uitgenodigd: { $nicks }
lobby-terms-min-rated = { $count ->
        [one] vanaf 1 partij om rating
       *[other] vanaf { $count } partijen om rating
    }

## Lobby keys: footer and help (src/ui/lobby.rs)

lobby-help-title = Toetsen van de lobby
lobby-keys-next-list = andere lijst
lobby-keys-accept = aannemen
lobby-keys-play-computer = tegen computer
lobby-keys-watch = kijken
lobby-keys-back-to-game = terug naar je partij
lobby-keys-challenge = uitdagen
lobby-keys-open-tournament = toernooi openen
lobby-keys-type = typen
lobby-keys-return = terug naar je partij
lobby-keys-new-seek = nieuwe uitnodiging
lobby-keys-computer-terms = computer-opties
lobby-keys-decline = afwijzen
lobby-keys-cancel-mine = intrekken
lobby-keys-chat = chat
lobby-keys-tournaments = toernooien
lobby-keys-leaders = ranglijst
lobby-keys-games = partijen
lobby-keys-profile = profiel
lobby-keys-settings = instellingen
lobby-keys-quit = stoppen
lobby-keys-admin = beheer
lobby-keys-help = hulp
lobby-keys-send = versturen
lobby-keys-cancel = annuleren
lobby-help-cycle = volgende / vorige lijst
lobby-help-side = spelerslijst / uitnodigingen
lobby-help-move = door de lijst bewegen
lobby-help-page = een pagina omhoog / omlaag, eerste / laatste
lobby-help-enter = eerste rij van de uitnodigingen: tegen de computer; een uitnodiging: aannemen; partij bekijken (of terug naar de jouwe), speler uitdagen, chatten
lobby-help-new-seek = nieuwe uitnodiging (variant, regels, klok, privé)
lobby-help-challenge = de gekozen speler uitdagen
lobby-help-bot = tegen de computer: niveau, variant en klok kiezen, dan spelen
lobby-help-decline = een uitdaging aan jou afwijzen (de gekozen)
lobby-help-cancel = je uitnodiging intrekken
lobby-help-chat = in de chat typen
lobby-help-tournaments = de toernooienlijst (Enter opent er een)
lobby-help-leaders = ranglijsten
lobby-help-games = beëindigde partijen: de mijne, recente, naspelen
lobby-help-profile = profiel van de gekozen speler (of het mijne)
lobby-help-settings = instellingen (nummering, ASCII, kleuren, taal)
lobby-help-mouse-key = muis
lobby-help-mouse = klik kiest, nog een klik neemt aan / kijkt mee
lobby-help-admin = beheerscherm: sessies, bans, eruit zetten, bannen, omroepen

## Lobby notices (src/ui/lobby.rs)

lobby-notice-no-tournaments = Er zijn nu geen toernooien aangekondigd: zodra er een is, staat het hier
lobby-notice-select-player = Kies een speler in de lijst en druk op c om hem uit te dagen
lobby-notice-not-yourself = Je kunt jezelf niet uitdagen
lobby-notice-no-seek-to-cancel = Je hebt geen open uitnodiging om in te trekken
lobby-notice-no-challenge = Geen uitdaging aan jou om af te wijzen (die staan met ! bij de uitnodigingen)
lobby-notice-own-seek = Dat is je eigen uitnodiging: x trekt die in
lobby-notice-seek-gone = De gekozen uitnodiging is weg: aangenomen of ingetrokken
lobby-notice-private-game = Die partij is privé: geen kijkers
lobby-notice-game-ended = De gekozen partij is afgelopen
lobby-notice-no-games = Er wordt nu geen partij gespeeld om te bekijken
lobby-notice-no-game-selected = Geen partij gekozen: kies er een met Omhoog/Omlaag, dan Enter
lobby-notice-tournament-gone = Het gekozen toernooi staat niet meer in de lijst
lobby-notice-no-tournament-selected = Geen toernooi gekozen: kies er een met Omhoog/Omlaag, dan Enter
lobby-notice-not-admin = Het beheerscherm is alleen voor de beheerders van de server

lobby-seek-days = { $days } d
lobby-seek-days-budget = { $days } d/{ $budget } d
lobby-your-move = Jij bent aan zet
lobby-your-move-mark = aan zet: { $left }
lobby-your-setup-mark = opstelling: { $left }

## The set-up library key (src/ui/lobby.rs)
lobby-keys-setups = opstellingen
lobby-help-setups = je bewaarde opstellingen en hoe ze het deden; de opstellingsverkenner
