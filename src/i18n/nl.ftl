# Nederlands. Dezelfde ids als en.ftl (tests/i18n.rs), gegroepeerd per scherm.
# Namen van de stukken zoals in de Nederlandse spelregels (Maarschalk … Spion, Bom, Vlag).

## Welcome card (src/ui/welcome.rs)

welcome-title = Welkom bij stratego-ssh
welcome-rename-title = Je naam wijzigen
welcome-new-key = Je SSH-sleutel is hier nieuw. De server kent je voortaan onder deze naam, met je rating en je partijen:
welcome-key-is-account = Je sleutel is je account, zonder wachtwoord. Kom je terug met dezelfde sleutel, dan ben je weer deze speler. Zonder sleutel speel je als gast: alleen vriendschappelijke partijen, elke keer een nieuwe naam. Zo maak je een sleutel:
welcome-then-connect = en verbind dan met de naam die je wilt:
welcome-host-note = (HOST, en -p PORT, zoals in het ssh-commando waarmee je nu binnenkwam)
welcome-rename-later = Je kunt je naam later één keer wijzigen: p (je profiel), dan r.
welcome-guest-intro = Je bent verbonden zonder een sleutel die deze server kent: je bent hier gast, met de naam { $nick }.
welcome-guest-can = Een gast kan tegen de computer en vriendschappelijk spelen, partijen bekijken en chatten. Partijen om rating kan een gast niet spelen, en niets wordt bewaard: geen rating, geen partijen, de volgende keer een nieuwe naam.
welcome-guest-keep = Wil je een naam met rating en partijen houden, gebruik dan een sleutel:
welcome-rename-intro = Je kunt je naam één keer wijzigen. Je rating en partijen blijven bij je sleutel; de oude naam blijft een tijd voor je gereserveerd.
welcome-type-first = Typ eerst de nieuwe naam (Esc houdt de jouwe)
welcome-asking = { $nick } wordt aangevraagd…
welcome-name-rule = 2 tot 16 letters, cijfers, _ of -, beginnend met een letter
welcome-name = naam:
welcome-new-name = nieuwe naam:
welcome-or-type = (of typ een andere)
welcome-keys-take = getypte naam nemen
welcome-keys-change = naam wijzigen
welcome-keys-start = beginnen met spelen
welcome-keys-keep-mine = mijn naam houden
welcome-keys-cancel = annuleren
welcome-keys-keep-this = deze naam houden

## Too-small screen (src/ui/too_small.rs)

small-larger = Maak het venster groter
small-size = (nu { $width }x{ $height }, nodig { $min_width }x{ $min_height })
small-keys-quits = sluit af
small-game = Partij #{ $id }
small-you-play = je speelt { $color }
small-watching = je kijkt mee
small-setup-sent = Opstelling verstuurd: wacht op je tegenstander
small-setup-place = Opstelling: zet je stukken neer
small-setting-up = De spelers stellen op
small-your-turn = Jij bent aan zet
small-to-move = { $color } aan zet ({ $nick })
small-move = zet { $number }
small-gone = { $nick } is weg: de tijd om terug te komen is om
small-disconnected = { $nick } heeft geen verbinding: nog { $seconds } s om terug te komen

## Quit question (src/ui/dialog.rs, src/ui/mod.rs)

quit-title = Afsluiten
quit-question = stratego-ssh afsluiten?
quit-keys-yes = ja
quit-keys-no = nee

## Settings (src/ui/dialog.rs)

settings-title = Instellingen
settings-numbering = Nummering stukken
settings-numbering-modern = modern (Maarschalk 10, Verkenner 2)
settings-numbering-classic = klassiek (Maarschalk 1, Verkenner 9)
settings-ascii = Alleen ASCII
settings-on = aan
settings-off = uit
settings-colours = Kleuren
settings-colours-none = geen
settings-language = Taal
settings-keys-choose = kiezen
settings-keys-change = wijzigen
settings-keys-close = sluiten

## Key names shared by the screens

keys-up-down = Omhoog/Omlaag
keys-enter-space = Enter/Spatie

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

## Lobby keys: footer and help (src/ui/lobby.rs)

lobby-help-title = Toetsen van de lobby
lobby-keys-next-list = volgende lijst
lobby-keys-accept = aannemen
lobby-keys-play-computer = tegen de computer
lobby-keys-watch = kijken
lobby-keys-back-to-game = terug naar je partij
lobby-keys-challenge = uitdagen
lobby-keys-open-tournament = toernooi openen
lobby-keys-type = typen
lobby-keys-return = terug naar je partij
lobby-keys-new-seek = nieuwe uitnodiging
lobby-keys-computer-terms = computer-opties
lobby-keys-decline = afwijzen
lobby-keys-cancel-mine = de mijne intrekken
lobby-keys-chat = chat
lobby-keys-tournaments = toernooien
lobby-keys-leaders = ranglijst
lobby-keys-games = partijen
lobby-keys-profile = profiel
lobby-keys-settings = instellingen
lobby-keys-quit = afsluiten
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
lobby-help-games = beëindigde partijen: de mijne, recente, herhalingen
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
lobby-notice-private-game = Die partij is privé: geen toeschouwers
lobby-notice-game-ended = De gekozen partij is afgelopen
lobby-notice-no-games = Er wordt nu geen partij gespeeld om te bekijken
lobby-notice-no-game-selected = Geen partij gekozen: kies er een met Omhoog/Omlaag, dan Enter
lobby-notice-tournament-gone = Het gekozen toernooi staat niet meer in de lijst
lobby-notice-no-tournament-selected = Geen toernooi gekozen: kies er een met Omhoog/Omlaag, dan Enter
lobby-notice-not-admin = Het beheerscherm is alleen voor de beheerders van de server

## Help dialog (src/ui/dialog.rs)

keys-any-key = elke toets
keys-closes-help = sluit deze hulp
keys-help-more = nog { $count }: een hoger venster toont ze

## Colours of the sides

color-red = Rood
color-blue = Blauw

## Ranks: names, and the letters of the pieces without a number
## (B for Bom and S for Spion as in English; F stays for the Vlag, since the set-up
## places it with the f key: V would need that key to follow)

rank-marshal = Maarschalk
rank-general = Generaal
rank-colonel = Kolonel
rank-major = Majoor
rank-captain = Kapitein
rank-lieutenant = Luitenant
rank-sergeant = Sergeant
rank-miner = Mineur
rank-scout = Verkenner
rank-spy = Spion
rank-bomb = Bom
rank-flag = Vlag
rank-letter-spy = S
rank-letter-bomb = B
rank-letter-flag = F
