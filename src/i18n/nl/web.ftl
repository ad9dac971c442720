# web (nl)

## Every page (src/web/pages.rs, src/web/lang.rs)

web-nav-home = Stratego via SSH
web-languages = Talen
web-not-found = Niet gevonden
web-bad-request = Ongeldig verzoek
web-server-error = Serverfout
web-server-error-text = De server kon zijn gegevens niet lezen; probeer het later opnieuw.
web-no-such-page = Deze pagina bestaat niet.
web-no-such-game = Partij #{ $id } bestaat niet.
web-bad-ply = '{ $text }' is geen halve zet: geef een getal vanaf 0 (het begin)
web-bad-view = view moet all, red of blue zijn
web-past-the-end = Deze pagina bestaat niet: er { $pages ->
    [one] is maar 1 pagina
   *[other] zijn { $pages } pagina's
}.
web-bad-page = '{ $text }' is geen paginanummer: geef een getal vanaf 1
web-no-such-leaderboard = Deze ranglijst bestaat niet: classic, duel of barrage.
web-no-such-player = Deze speler bestaat niet.
web-rated = om rating
web-casual = vrijblijvend
web-vs = tegen
web-reload = herlaad
web-as-text = Als tekst:
web-as-json = Als JSON:
web-as-json-lower = als JSON:
web-none-yet = Nog geen.
web-no-clock = zonder klok

## Front page (src/web/pages.rs)

web-home-title = Stratego op { $host }
web-connect-heading = Zo maak je verbinding
web-connect-terminal = Vanuit een terminal:
web-connect-host-key = De eerste keer toont je SSH-client de hostsleutel van de server. Controleer of het deze is:
web-connect-guest = Geen sleutel? Je kunt ook als gast spelen (vrijblijvende partijen).
web-now = Nu
web-now-counts = { $players ->
    [one] { $players } speler
   *[other] { $players } spelers
} online, { $games ->
    [one] { $games } partij
   *[other] { $games } partijen
} bezig.
web-watch-live = Kijk naar de partijen die nu bezig zijn
web-watch-live-note = (op het web, of via SSH vanuit de lobby).
web-live-item = { $red } tegen { $blue }, { $variant }, zet { $ply }
web-leaderboards = Ranglijsten
web-no-rated-games = Nog geen partijen om rating ({ $variant }).

## Leaderboard (src/web/pages.rs)

web-leaderboard-title = Ranglijst { $variant }
web-leaderboard-empty = Nog geen partijen om rating ({ $variant }): spelers verschijnen hier na hun eerste.
web-leaderboard-provisional = Een rating met ? is voorlopig (de afwijking is groter dan { $max }): ze komt op de ranglijst zodra ze vaststaat.
web-col-rank = plaats
web-col-nick = naam
web-col-rating = rating
web-col-games = partijen
web-col-won = W
web-col-drawn = R
web-col-lost = V
web-page-of = pagina { $page } van { $pages }
web-previous = vorige
web-next = volgende

## Player page and game lists (src/web/pages.rs, src/web/board.rs)

web-won = { $nick } ({ $color }) won: { $reason }
web-no-winner = geen winnaar: { $reason }
web-unfinished = niet uitgespeeld
web-col-game = partij
web-col-variant = variant
web-col-result = uitslag
web-col-moves = zetten
web-no-rated-yet = Nog geen partijen om rating.
web-wdl = { $games ->
    [one] { $games } partij
   *[other] { $games } partijen
} om rating: { $wins } gewonnen, { $draws } remise, { $losses } verloren
web-recent-games = Recente partijen
web-json-player = speler
web-json-games = alle uitgespeelde partijen (ndjson)
web-plot-label = rating na elk van de { $count } partijen om rating, van { $low } tot { $high }
web-plot-point = partij { $game }: { $rating }

## Game page, finished (src/web/pages.rs, src/web/board.rs, src/web/step.js)

web-game-page-title = Partij #{ $id }: { $red } tegen { $blue }
web-game-heading = Partij #{ $id }
web-game-played = Gespeeld van { $start } tot { $end } UTC
web-game-rules = regels: { $rules }
web-game-in-tournament = Gespeeld in het toernooi { $tournament }.
web-game-in-round = Gespeeld in het toernooi { $tournament }, ronde { $round }.
web-result = Uitslag:
web-view-all = alles onthuld
web-view-as = zoals { $color } het zag
web-step-first = begin
web-step-prev = vorige
web-step-next = volgende
web-step-last = einde
web-step-play = afspelen
web-step-pause = pauze
web-step-play-title = Speel de partij vanzelf af (spatie); ← → Home End: stap voor stap
web-ply-of = halve zet { $ply } van { $plies }
web-last-move = Laatste zet:
web-battle-before = Gevecht daarvoor:
web-game-over = Partij afgelopen:
web-to-move = { $color } aan zet
web-captured = Geslagen:
web-go-to-ply = Naar halve zet
web-go = ga
web-moves = Zetten
web-earlier-moves = eerdere zetten
web-later-moves = latere zetten
web-download = Downloaden:
web-board = speelbord
web-piece = { $rank } ({ $color })
web-piece-unknown = onbekend stuk ({ $color })
web-unknown-piece = onbekend stuk
web-battle-won = { $attacker } van { $mover } viel { $defender } van { $other } aan en won
web-battle-lost = { $attacker } van { $mover } viel { $defender } van { $other } aan en verloor
web-battle-flag = { $attacker } van { $mover } viel { $defender } van { $other } aan en veroverde de vlag
web-battle-bomb = { $attacker } van { $mover } viel { $defender } van { $other } aan en ontmantelde de bom
web-battle-both = { $attacker } van { $mover } viel { $defender } van { $other } aan: beide gingen van het bord
web-moved = { $mover } deed een zet
web-rescue = ; { $rank } gered naar { $square }

## Games in play (src/web/live.rs)

web-live-page-title = Partij #{ $id }: { $red } tegen { $blue } (bezig)
web-clock = klok { $clock }
web-clock-running = loopt
web-seat-present = aanwezig
web-seat-away = weg (in de lobby)
web-seat-disconnected = verbinding verbroken
web-seat-ready = klaar
web-seat-placing = stelt nog op
web-setting-up = Opstellen: de spelers zetten hun stukken neer.
web-ply = halve zet { $ply }
web-draw-offer = { $color } biedt remise aan.
web-watching = { $count ->
    [one] { $count } kijkt mee
   *[other] { $count } kijken mee
}
web-no-move-yet = Nog geen zet.
web-earlier-not-shown = { $count } eerdere zetten niet getoond (in { $json }, 100 tegelijk).
web-the-json = de JSON
web-live-reload = De partij is bezig: { $reload } om haar te zien zoals ze nu staat (met JavaScript volgt deze pagina haar vanzelf).
web-live-refused = Deze pagina kan niet live meekijken: er staan te veel live pagina's open vanaf je adres (of op de server). Ze kijkt in plaats daarvan elke 5 seconden of er iets veranderd is.
web-ended-without-result = de partij eindigde zonder uitslag
web-no-longer-in-play = de partij is niet meer bezig
web-live-games = Lopende partijen
web-no-live-games = Er is nu geen openbare partij bezig.
web-col-watching = kijkers

## Tournaments (src/web/tournaments.rs)

web-tournaments = Toernooien
web-no-such-tournament = Dit toernooi bestaat niet.
web-no-such-tournament-id = Toernooi #{ $id } bestaat niet.
web-none-running-or-announced = Geen toernooi bezig of aangekondigd.
web-recent-ones = Recente toernooien
web-all-tournaments = Alle toernooien
web-all-tournaments-lower = alle toernooien
web-col-tournament = toernooi
web-col-format = opzet
web-col-when = wanneer
web-col-players = spelers
web-col-by = door
web-running = Bezig
web-upcoming = Aangekondigd
web-recently-finished = Onlangs afgelopen
web-none-running = Nu geen bezig.
web-none-announced = Geen aangekondigd.
web-to-join = Meedoen? Maak verbinding via SSH en open het toernooi vanuit de lobby.
web-format-arena = Arena { $minutes } min
web-format-swiss = Zwitsers, { $rounds ->
    [one] { $rounds } ronde
   *[other] { $rounds } ronden
}
web-status-upcoming = aangekondigd
web-status-running = bezig
web-status-finished = afgelopen
web-status-cancelled = afgelast
web-starts = begint { $time } UTC
web-round-of = ronde { $round } van { $rounds }
web-ends = eindigt { $time } UTC
web-entry-anyone = iedereen
web-entry-key-holders = alleen met sleutel
web-entry-invited = op uitnodiging: { $nicks }
web-min-rated-games = { $count ->
        [one] vanaf 1 partij om rating
       *[other] vanaf { $count } partijen om rating
    }
web-mark-win = W
web-mark-draw = R
web-mark-loss = V
web-mark-bye = B
web-players-count = { $count ->
    [one] { $count } speler
   *[other] { $count } spelers
}
web-standings = Stand
web-nobody-joined = Nog niemand ingeschreven.
web-no-players = Geen spelers.
web-col-player = speler
web-col-points = punten
web-col-perf = prestatie
web-col-buchholz = buchholz
web-col-sb = SB
web-standing-paused = gepauzeerd
web-standing-left = gestopt
web-standing-absent = afwezig
web-standing-streak = op dreef (dubbele punten)
web-games-in-play-count = Lopende partijen ({ $count })
web-none-before-start = Geen voor de start.
web-no-games-in-play = Geen lopende partijen.
web-round = ronde { $round }
web-result-bye = bye
web-result-in-play = bezig
web-result-won = { $nick } won
web-result-draw = remise
web-result-void = ongeldig (geen uitslag)
web-games = Partijen
web-col-round = ronde
web-tournament-rules = Regels: { $rules }; gemaakt door { $by }; begint { $starts } UTC
web-tournament-ends = ; eindigt { $ends } UTC
web-tournament-updates = Met JavaScript werkt de pagina zichzelf bij; zonder: { $reload }.
web-finished-first = afgelopen: { $nick } eerste
web-server-stopping = de server stopt

## Een browser aanmelden (src/web/signin.rs)

web-login-title = Aanmelden als { $nick }
web-login-explain = Deze link, gemaakt met web-login via SSH, meldt deze browser aan als { $nick }: je partijen, ratings en bewaarde opstellingen, zoals in je terminal. Hij werkt één keer. Meld je op een gedeelde computer af als je klaar bent.
web-login-button = Aanmelden
web-login-gone-title = Deze link werkt niet meer
web-login-gone = Een aanmeldlink werkt één keer, vijf minuten lang. Maak een nieuwe met: { $command }
web-foreign-title = Geweigerd
web-foreign = Dit verzoek kwam niet van de pagina's van deze site: er is niets gedaan.
web-signed-in = Aangemeld als { $nick }.
web-sign-out = Afmelden

# The browser board (/play, src/web/play.rs and play.js).
web-play-title = Spelen in de browser
web-play-intro = Speel hier Stratego, op een telefoon of een computer: als gast, tegen de computer. Geen account en geen terminal nodig.
web-play-guest = Speel als gast
web-play-guests-off = Deze server laat geen gasten toe: verbind via SSH met een sleutel.
web-play-no-script = Het bord heeft JavaScript nodig. Zonder JavaScript speel je via SSH.
web-play-connecting = Verbinden…
web-play-reconnecting = De verbinding is weggevallen. Opnieuw verbinden…
web-play-foreign = Dit verzoek kwam niet van de pagina's van deze site.
web-play-too-many-guests = Nu te veel nieuwe gasten: probeer het over een minuut opnieuw.
web-play-board = Bord
web-play-you-are = Je speelt als { $nick }.
web-play-online = Spelers online: { $count }
web-play-seeks = Open uitnodigingen
web-play-no-seeks = Geen open uitnodigingen.
web-play-computer = Speel tegen de computer
web-play-level-random = Willekeurige zetten
web-play-level-easy = Makkelijk
web-play-level-hard = Moeilijk
web-play-setup-hint = Tik twee van je stukken aan om ze te wisselen. Klaar als je leger staat zoals je wilt.
web-play-random = Willekeurige opstelling
web-play-ready = Klaar
web-play-waiting = Wachten op de opstelling van de andere kant.
web-play-your-turn = Jij bent aan zet
web-play-their-turn = { $nick } is aan zet
web-play-resign = Opgeven
web-play-last-move = Laatste zet: { $move }
web-play-moves = Zetten
web-play-replay = Partij naspelen
web-play-lobby = Terug naar de lobby
web-play-sq-mine = { $square }, jouw { $rank }
web-play-sq-enemy = { $square }, vijandelijke { $rank }
web-play-sq-unknown = { $square }, onbekend stuk
web-play-sq-unknown-moved = { $square }, onbekend stuk, verplaatst
web-play-sq-empty = { $square }, leeg
web-play-sq-lake = { $square }, meer
web-play-sq-target = { $label }, zet hierheen
web-play-sq-selected = { $label }, gekozen
web-play-closed = De verbinding is verbroken. Laad de pagina opnieuw om terug te komen.
web-play-versus = { $red } (Rood) tegen { $blue } (Blauw)
web-play-refused-json = Niet begrepen: het bord stuurt alleen JSON-objecten.
web-play-refused-size = Te lang: een bericht is hoogstens { $max } bytes.
web-play-refused-version = Niet begrepen: deze server spreekt versie { $version } van de berichten van het bord. Laad de pagina opnieuw.
web-play-refused-unknown = Onbekend commando: { $command }
web-play-refused-level = Dat computerniveau bestaat niet.
web-play-refused-in-game = Maak eerst je partij af.
web-play-refused-no-game = Je speelt geen partij.
web-play-refused-not-setup = De opstelling is voorbij.
web-play-refused-swap = Wissel twee velden van je eigen opstellingsrijen.
web-play-refused-incomplete = Je opstelling is niet compleet.
web-play-refused-not-playing = De partij is niet aan de gang.
web-play-refused-turn = Je bent niet aan zet.
web-play-refused-illegal = { $move } is geen geldige zet.
web-play-refused-square = { $square } is geen veld.
web-play-front = (zonder terminal: als gast, tegen de computer; ook op een telefoon)
web-play-accept = Spelen
web-play-refused-seek = Die uitnodiging is niet meer open.
web-play-resign-sure = Tik nog eens om op te geven
web-play-idle = Gesloten: { $time } lang niets gedaan (idle_timeout van de server). Laad de pagina opnieuw om terug te komen.
web-play-new-seek = Een partij zoeken
web-play-variant = Variant
web-play-clock = Klok
web-play-clock-none = Geen klok
web-play-rated = Om rating
web-play-post = Plaatsen
web-play-withdraw = Intrekken
web-play-your-seek = Je zoekt: wachten op een tegenstander. Je gaat zitten zodra iemand aanneemt.
web-play-refused-variant = Die variant bestaat niet: Classic, Duel of Barrage.
web-play-refused-clock = Die klok bestaat niet: geen, 5+3, 10+5 of 15+10.
web-play-refused-withdraw = Je hebt zo'n open zoekopdracht niet.
web-play-refused-no-offer = Er is geen remiseaanbod om te beantwoorden.
web-play-refused-rematch-over = Een revanche komt na de partij.
web-play-refused-rematch-bot = Een revanche is voor een partij tegen een mens: speel de computer opnieuw vanuit de lobby.
web-play-offer-draw = Remise aanbieden
web-play-draw-offered = Je hebt remise aangeboden.
web-play-draw-to-me = { $nick } biedt remise aan.
web-play-accept-draw = Remise aannemen
web-play-decline-draw = Afwijzen
web-play-opponent-gone = { $nick } is weg: nog { $time } om terug te komen.
web-play-can-claim = { $nick } kwam niet op tijd terug: je mag de winst opeisen.
web-play-claim = Winst opeisen
web-play-rematch = Revanche
web-play-rematch-asked = Je vroeg om een revanche: wachten op { $nick }.
web-play-rematch-offered = { $nick } vraagt om een revanche.
web-play-opponent-left = { $nick } heeft de partij verlaten.

## The board's lobby beyond seeks, chat, set-up tray and saved set-ups, rescue (src/web/play/social.rs)
web-play-refused-options = Onbekende spelregelopties: tweevakkenregel 0, 2, 3 of 5; Duel-rijen 3 of 4; de andere aan of uit.
web-play-refused-chat = Niets te zeggen.
web-play-refused-player = { $nick } is niet online.
web-play-refused-self = Je kunt jezelf niet uitdagen.
web-play-refused-challenge = Die uitdaging bestaat niet.
web-play-refused-game = Die partij wordt niet gespeeld.
web-play-refused-tournament = Dat toernooi is niet open.
web-play-refused-rank = Die rang bestaat niet.
web-play-refused-tray = Van die rang is geen stuk meer over.
web-play-refused-setup-name = Geen bewaarde opstelling met die naam voor deze variant.
web-play-players = Spelers online
web-play-challenge = Uitdagen
web-play-challenge-hint = Een uitdaging neemt de voorwaarden van de nieuwe uitnodiging hieronder.
web-play-challenges = Uitdagingen
web-play-challenge-from = { $nick } daagt je uit: { $terms }
web-play-challenge-to = Je hebt { $nick } uitgedaagd: { $terms }
web-play-decline = Afslaan
web-play-private = Privé (alleen jullie twee zien de partij; ongerated)
web-play-games-now = Lopende partijen
web-play-no-games = Geen lopende partijen.
web-play-game-line = { $red } tegen { $blue }: { $terms }, zet { $moves }
web-play-watch = Kijken
web-play-play-it = Spelen
web-play-watching = Je kijkt toe.
web-play-leave = Verlaten
web-play-tournaments = Toernooien
web-play-tournament-line = { $name }: { $terms }, { $count } deelnemers
web-play-join = Meedoen
web-play-withdraw-tournament = Terugtrekken
web-play-joined = Je doet mee.
web-play-chat = Chat
web-play-chat-game = Chat met je tegenstander
web-play-chat-stands = Chat (alleen kijkers zien dit)
web-play-chat-say = Zeg
web-play-chat-send = Versturen
web-play-chat-empty = Nog niemand heeft iets gezegd.
web-play-options = Spelregelopties
web-play-two-square = Tweevakkenregel
web-play-two-square-off = uit
web-play-more-squares = Achtervolgingsregel
web-play-aggressor = Voordeel voor de aanvaller
web-play-silent = Stille verdediging
web-play-rescue-rule = Redding
web-play-duel-rows = Duel-opstellingsrijen
web-play-tray = Nog te plaatsen
web-play-tray-hint = Tik een rang aan, dan een veld van je rijen.
web-play-clear = Leegmaken
web-play-saved = Bewaarde opstellingen
web-play-load = Laden
web-play-save = Bewaren als
web-play-setup-name = Naam
web-play-rescue-ask = Een stuk redden?
web-play-rescue-one = { $rank } naar { $square }
web-play-rescue-none = Geen redding
web-play-more = …en nog { $count }.
web-play-left = Overgebleven stukken
web-play-type-move = Typ een zet
web-play-type-move-go = Zetten
web-play-type-move-bad = Typ twee velden, zoals a4 a5: { $text }
web-play-link = Link naar deze partij

# Passkey accounts (src/web/passkey.rs) and keys linked from the web.
web-passkey-expired = Dat duurde te lang, of is al gedaan: probeer het opnieuw.
web-passkey-refused = Het antwoord van je passkey doorstond de controles van de site niet: er is niets gedaan.
web-passkey-unknown = Geen account hier heeft deze passkey.
web-passkey-not-allowed = Dit account kan zich hier nu niet aanmelden.
web-passkey-too-many = Te veel nieuwe accounts of passkeys: probeer het later opnieuw.
web-account-title = Je account
web-account-intro = Speel in de browser partijen om rating onder een eigen nick, zonder SSH-sleutel: een passkey (het slot van je telefoon of computer) meldt je aan.
web-account-nick = Nick
web-account-create = Maak een account met een passkey
web-account-have-one = Heb je al een account?
web-account-sign-in = Aanmelden met een passkey
web-account-signed-in = Aangemeld als { $nick }.
web-account-passkeys = { $count ->
    [0] Nog geen passkey meldt bij dit account aan.
    [one] Eén passkey meldt bij dit account aan.
   *[other] { $count } passkeys melden bij dit account aan.
}
web-account-add = Passkey toevoegen
web-account-added = De passkey is toegevoegd.
web-account-play = Spelen
web-account-working = Wachten op je passkey…
web-account-unsupported = Deze browser kan hier geen passkeys gebruiken (die hebben https of localhost nodig).
web-account-cancelled = Er is geen passkey gebruikt.
web-account-key-how = Om ook in een terminal te spelen: voer web-login uit over SSH met je sleutel en open de link in deze browser.
web-play-account = Maak een account met een passkey, of meld je ermee aan
web-link-key-title = Een SSH-sleutel aan je account toevoegen
web-link-key-explain = Deze link, gemaakt met web-login vanaf een SSH-sleutel zonder nick ({ $key }), voegt die sleutel toe aan het account van { $nick }: voortaan speelt de sleutel als { $nick }.
web-link-key-button = Sleutel toevoegen
web-link-key-sign-in-first = Meld je eerst aan bij het account waar de sleutel bij moet (op de accountpagina, met zijn passkey) en open deze link daarna opnieuw.
web-link-key-done = De sleutel speelt nu als { $nick }.

## Notities bij onbekende stukken van de tegenstander (alleen de speler ziet ze)
web-play-sq-noted = { $label }, je notitie: { $guess }
web-play-note-menu = Notitie bij { $square } (alleen jij ziet hem)
web-play-note-not-bomb = Geen Bom
web-play-note-moved = Verplaatst
web-play-note-clear = Notitie wissen
web-play-note-cancel = Annuleren
web-play-note-hint = Tik een onbekend stuk van de tegenstander aan (of houd het vast) om te noteren wat het volgens jou is.

## De analyse na de partij op haar pagina (src/web/pages.rs, board.rs)
web-analysis = Analyse na de partij
web-analysis-about = De beoordeling van elke zet door de sterke computer: de zet die hij verkiest, en de waarde voor en na de gespeelde zet, vanuit de kant die zette (een Verkenner is 10, een Maarschalk 120). ? een fout (verliest { $mistake } of meer), ?? een blunder ({ $blunder } of meer). Elke zet wordt beoordeeld naar wat de zetter wist, en achteraf (alle stukken bekend).
web-analysis-legend = Doorgetrokken lijn: naar wat elke zetter wist; gestreept: achteraf; stippen: fouten (elk een link naar zijn stelling). Boven de middellijn staat Rood beter.
web-analysis-chart-label = De waardering over { $plies } zetten, vanuit Rood; { $seen } fouten naar wat de zetters wisten, { $hindsight } achteraf.
web-analysis-red-better = Rood beter
web-analysis-blue-better = Blauw beter
web-analysis-point = zet { $ply } ({ $color }) { $mark }
web-analysis-this = Zet { $ply } ({ $color }):
web-analysis-seen = naar kennis
web-analysis-hindsight = achteraf
web-analysis-judged = beste { $best }, { $before } → { $after }{ $mark }
web-analysis-only = enige zet
web-analysis-ply = { $ply }. { $color } { $played }
web-analysis-none = Geen fouten gevonden.
web-analysis-waiting = In voorbereiding: in de rij ({ $ahead ->
        [one] 1 partij
       *[other] { $ahead } partijen
    } ervoor). Laad de pagina over een minuut opnieuw.
web-analysis-running = Wordt nu gemaakt: laad de pagina over een minuut opnieuw.
web-analysis-full = De rij voor analyses is vol: kijk later opnieuw.

## The owner's profile: correspondence games waiting (src/web/pages.rs)

web-your-move = Jij bent aan zet
web-your-move-none = Geen correspondentiepartij wacht op jouw zet.
web-your-move-row = #{ $game } tegen { $opponent }: uiterlijk { $due } UTC (nog { $left })
web-your-setup-row = #{ $game } tegen { $opponent }: jouw opstelling, uiterlijk { $due } UTC (nog { $left })
web-your-move-how = Je speelt ze via SSH: de lobby noemt ze (en ssh host games --my-turn); Enter op een ervan, of watch N in de regelmodus.
## The set-up library and explorer (src/web/setups.rs)
web-setups-title = Je bewaarde opstellingen
web-setups-sign-in = Je bewaarde opstellingen zie alleen jij: meld je eerst aan (ssh host web-login, of een passkey op de accountpagina).
web-setups-who = Aangemeld als { $nick }.
web-setups-none = Je hebt geen bewaarde opstellingen voor { $variant }. Bewaar er een tijdens het opstellen.
web-setups-read = Geteld uit je { $games } beëindigde partijen van deze variant: een partij telt als je leger precies deze opstelling was, met beide kleuren.
web-setups-my-explorer = De opstellingsverkenner van je partijen
web-setups-server-explorer = De opstellingsverkenner van de partijen van de server
web-setups-manage = Hernoemen, kopiëren, wissen en bewerken hier, of op de SSH-schermen (S in de lobby).
web-setups-rename-label = Nieuwe naam
web-setups-rename = Hernoemen
web-setups-copy = Kopiëren
web-setups-edit = Bewerken op een bord
web-setups-delete = Wissen…
web-setups-delete-title = '{ $name }' wissen?
web-setups-delete-ask = Je opstelling '{ $name }' voor { $variant } wissen? Dat kan niet ongedaan worden; de partijen die je ermee speelde blijven in je geschiedenis.
web-setups-delete-yes = Wissen
web-setups-keep = Houden
web-setups-done-renamed = Hernoemd: '{ $name }'.
web-setups-done-copied = Gekopieerd als '{ $name }'.
web-setups-done-deleted = '{ $name }' gewist.
web-setups-done-saved = '{ $name }' bewaard.
web-setups-name-escapes = Een opstellingsnaam mag geen stuurtekens of escapereeksen bevatten: er is niets veranderd.
web-setups-name-long = Een opstellingsnaam heeft hoogstens { $max } tekens: er is niets veranderd.
web-setups-edit-title = '{ $name }' bewerken
web-setups-edit-how = Klik op een stuk, dan op het veld waarmee het moet ruilen (een leeg veld: het stuk gaat daarheen). Er wordt pas bewaard als je op Bewaren drukt.
web-setups-edit-picked = { $square } gekozen: klik op het veld om mee te ruilen, of nog eens op { $square } om het los te laten.
web-setups-save = Bewaren
web-setups-start-again = Opnieuw beginnen met de bewaarde opstelling
web-setups-back = Terug naar je opstellingen
web-setups-bad-draft = Deze opstelling kan niet bewaard worden: { $why }. Er is niets veranderd.
web-explorer-title = Opstellingsverkenner: { $variant }
web-explorer-title-mine = Je opstellingsverkenner: { $variant }
web-explorer-armies = { $armies ->
        [one] 1 leger geteld. Velden als voor Rood: rij 1 is de achterste.
       *[other] { $armies } legers geteld. Velden als voor Rood: rij 1 is de achterste.
    }
web-explorer-server-note = Uit de openbare partijen die beide spelers uitspeelden (niet afgebroken, niet verlaten); nooit een lopende partij, nooit een naam.
web-explorer-common = Vaker gespeelde opstellingen
web-explorer-common-none = Geen opstelling werd twee keer gespeeld.
web-explorer-col-score = score
web-explorer-col-setup = opstelling (vanaf de achterste rij, lijnen A tot J)
web-explorer-in-lines = in de regelmodus.
