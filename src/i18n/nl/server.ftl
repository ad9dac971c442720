# server (nl)
# Dezelfde ids als en/server.ftl.

## Lobby: seeks and challenges (src/lobby/seeks.rs)

notice-challenge = { $nick } daagt je uit: { $variant }, { $rated ->
        [rated] om rating
        [private] privé, vrijblijvend
       *[casual] vrijblijvend
    } — zie Open uitnodigingen
notice-challenge-clock = { $nick } daagt je uit: { $variant }, { $rated ->
        [rated] om rating
        [private] privé, vrijblijvend
       *[casual] vrijblijvend
    }, { $clock } — zie Open uitnodigingen
refusal-guests-casual-key = gasten spelen alleen vrijblijvende partijen: verbind met een SSH-sleutel voor partijen om rating
refusal-private-rated = een privépartij is vrijblijvend: ratings zijn openbaar, dus een partij om rating kan niet privé zijn
refusal-private-needs-player = alleen een uitdaging aan één speler kan privé zijn: noem de speler
refusal-three-seeks = je hebt al drie open uitnodigingen
refusal-seeks-too-fast = je plaatst te snel uitnodigingen: één per paar seconden (vijf tegelijk)
refusal-challenge-yourself = je kunt jezelf niet uitdagen
refusal-not-online = { $nick } is niet online
refusal-no-program = deze server heeft geen programma met de naam { $name }
refusal-agent-busy = bot-{ $name } speelt al zoveel partijen als deze server tegelijk toelaat ({ $games }): probeer het later nog eens, of speel tegen onze eigen computer
notice-seek-to-computer = Niemand heeft je uitnodiging aangenomen: de computer (makkelijk) speelt tegen je. Partijen tegen de computer zijn vrijblijvend.
refusal-no-such-challenge = die uitdaging aan jou bestaat niet
notice-challenge-declined = { $nick } heeft je uitdaging afgewezen
notice-line-mode = Regelmodus: elke gebeurtenis is een regel. Typ help voor de commando's, screens om terug te gaan naar de schermen.
notice-dumb-terminal = Je terminal (TERM=dumb) kan de schermen niet tekenen, dus je speelt in regels. Typ help voor de commando's, of screens om de schermen toch te proberen.
notice-screens-need-terminal = De schermen hebben een terminal nodig: maak verbinding met ssh -t.
notice-you-declined = Je hebt de uitdaging van { $nick } afgewezen
refusal-seek-gone = die uitnodiging is weg
refusal-own-seek = dat is je eigen uitnodiging: x trekt die in
refusal-someone-elses = die uitdaging is voor iemand anders
refusal-guests-casual = gasten spelen alleen vrijblijvende partijen
refusal-player-left = die speler is weg

## Lobby (src/lobby/mod.rs)

notice-server = Server: { $text }
refusal-too-fast = je stuurt te snel berichten
refusal-too-fast-address = te veel berichten vanaf je adres (iedereen die vanaf dat adres verbonden is, wordt meegeteld): wacht een paar seconden
refusal-guest-games = Gasten vanaf je adres hebben { $games ->
        [one] een lopende partij
       *[other] { $games } lopende partijen
    }: maak er eerst een af, of verbind met een SSH-sleutel
refusal-cannot-start = { $nick } kan nu geen nieuwe partij beginnen: probeer het later
refusal-own-games = Je hebt al { $games ->
        [one] een lopende partij
       *[other] { $games } lopende partijen
    }: maak er eerst een af (Enter erop onder Lopende partijen brengt je terug)
refusal-their-games = { $nick } heeft al { $games ->
        [one] een lopende partij
       *[other] { $games } lopende partijen
    }: probeer het later
notice-game-started-elsewhere = Je partij #{ $game } is in een andere terminal begonnen: Enter erop onder Lopende partijen om hier te spelen
refusal-tournament-rematch = Geen revanche in een toernooi: de toernooileiding deelt je volgende partij in

## Lobby: watching, results told away from the game (src/lobby/sessions.rs)

refusal-game-ended = die partij is afgelopen
refusal-cannot-watch = die partij kan niet bekeken worden
notice-game-ended-away = Je partij #{ $game } tegen { $opponent } is afgelopen: { $verdict ->
        [won] je hebt gewonnen
        [lost] je hebt verloren
       *[draw] remise
    } ({ $reason }){ $change }
notice-rating-change = ; je rating { $before } -> { $after }
notice-rating-now = ; je rating is { $rating }

## Games (src/game/mod.rs)

notice-setup-ran-out = De opsteltijd{ $limit } is om: { $nick } was niet klaar en verliest
notice-setup-ran-out-both = De opsteltijd{ $limit } is om en niemand was klaar: partij afgebroken
notice-left-no-rematch = { $nick } is weg: geen revanche
notice-draw-declined = { $nick } heeft je remiseaanbod afgewezen
refusal-resign-instead = er zijn al zetten gespeeld: geef in plaats daarvan op
notice-forfeit-no-result = { $nick } { $why }: de partij eindigt zonder uitslag
notice-forfeit-win = { $nick } { $why }: je wint
notice-forfeits-timeout = verliest reglementair (zijn programma antwoordde niet binnen { $seconds } s)
notice-forfeits = verliest reglementair ({ $why })
notice-forfeits-not-started = verliest reglementair (zijn programma kon niet starten)
notice-forfeits-ended = verliest reglementair (zijn programma is gestopt, exitstatus { $code })
notice-forfeits-killed = verliest reglementair (zijn programma is door een signaal gestopt)
notice-forfeits-closed-output = verliest reglementair (zijn programma heeft zijn uitvoer gesloten)
notice-forfeits-stopped-reading = verliest reglementair (zijn programma leest zijn invoer niet meer)
notice-forfeits-not-reading = verliest reglementair (zijn programma las zijn invoer niet binnen { $seconds } s)
notice-forfeits-line-too-long = verliest reglementair (zijn programma stuurde een regel van meer dan { $bytes } bytes)
notice-forfeits-bad-setup = verliest reglementair (zijn programma stuurde geen geldige opstelling)
notice-forfeits-bad-reply = verliest reglementair (het antwoord van zijn programma is geen zet)
notice-forfeits-illegal-move = verliest reglementair (ongeldige zet { $move })
refusal-game-over = de partij is voorbij
notice-saving-result = de uitslag wordt opgeslagen… (de server kan nu niet naar zijn schijf schrijven; hij blijft het proberen)
refusal-not-started = de partij is nog niet begonnen: eerst beide opstellingen
refusal-not-your-turn = je bent niet aan zet
refusal-illegal-move = ongeldige zet { $move }: { $why }
refusal-cannot-save-move = de server kan nu geen zetten opslaan (zijn schijf weigerde het schrijven): je zet is niet gespeeld; probeer het nog eens
refusal-opponent-may-return = je tegenstander heeft nog tijd om terug te komen
refusal-setup-over = de opstelfase is voorbij
refusal-setup = opstelling geweigerd: { $why }
refusal-cannot-save-game = De server kon de partij niet opslaan, dus het spel is niet begonnen: { $nick } moet zich opnieuw klaar melden (d) om het nog eens te proberen

## Tournaments (src/lobby/tournaments.rs)

notice-status-upcoming = aangekondigd
notice-status-running = bezig
notice-status-finished = afgelopen
notice-status-cancelled = geannuleerd
refusal-no-tournament = geen toernooi #{ $id }
refusal-tournament-needs-key = toernooien organiseren kan alleen met een SSH-sleutel
refusal-order-nested = een opdracht binnen een opdracht
refusal-organiser-cap = je hebt { $count ->
        [one] 1 aangekondigd of lopend toernooi
       *[other] { $count } aangekondigde of lopende toernooien
    }, het maximum per organisator op deze server: annuleer er een of wacht tot er een afloopt
refusal-tournament-numbering = kan het toernooi geen nummer geven: { $error }
refusal-not-theirs = toernooi #{ $id } is aangemaakt door { $nick }: alleen die of een beheerder mag het wijzigen
refusal-no-longer-editable = toernooi #{ $id } is al begonnen: het kan niet meer gewijzigd worden
refusal-tournament-is = toernooi #{ $id } is { $status }
refusal-bots-admin-only = alleen een beheerder schrijft computerspelers in
refusal-bots-not-allowed = computerspelers doen alleen mee aan toernooien waar de beheerder van de server dat voor tests toestaat (tournament_bots = true)
refusal-no-more-entries = toernooi #{ $id } neemt geen inschrijvingen meer aan
refusal-bot-already-in = bot-{ $level } doet al mee aan toernooi #{ $id }
refusal-tournament-full = { $name } is vol: { $max } spelers, meer neemt een toernooi op deze server niet aan
refusal-swiss-started = { $name } is al begonnen: voor een Zwitsers toernooi schrijf je je in vóór de eerste ronde
refusal-name-is = { $name } is { $status }
refusal-computers-do-not-enter = computerspelers doen niet mee aan toernooien
refusal-keys-only = { $name } is voor spelers met een SSH-sleutel: verbind met een sleutel om mee te doen
refusal-not-invited = { $name } is op uitnodiging, en { $nick } staat niet op de lijst
refusal-too-few-rated-games = { $name } vraagt { $need ->
        [one] 1 partij { $variant } om rating
       *[other] { $need } partijen { $variant } om rating
    }; je hebt er { $have }
refusal-already-in = je doet al mee aan { $name }
refusal-stopping = de server stopt
refusal-terms-name = een naam heeft 1 tot { $max } tekens
refusal-terms-arena-minutes = een arena duurt 1 tot 720 minuten
refusal-terms-days-arena = correspondentiepartijen (dagen per zet) vormen een Zwitsers toernooi, geen arena: een arena wordt in één zitting gespeeld
refusal-terms-swiss-rounds = een Zwitsers toernooi heeft 1 tot 30 ronden
refusal-terms-start-passed = het begintijdstip is al voorbij
refusal-terms-start-far = het begin ligt meer dan een jaar vooruit
refusal-terms-no-invitees = een uitnodigingslijst noemt minstens één naam
notice-tournament-created = toernooi #{ $id } ‘{ $name }’ aangemaakt
notice-tournament-edited = toernooi #{ $id } gewijzigd
notice-tournament-is = toernooi #{ $id } is nu { $status }
notice-bot-entered = bot-{ $level } is ingeschreven voor toernooi #{ $id }
notice-tournament-cancelled = toernooi #{ $id } geannuleerd
notice-back-in = je doet weer mee aan { $name }
notice-joined-running = je doet mee aan { $name }: je eerste partij komt zo
notice-joined-upcoming = je doet mee aan { $name }: blijf online, je eerste partij begint als het toernooi begint
notice-not-in = je doet niet mee aan { $name }
notice-left = je hebt je uitgeschreven voor { $name }
notice-paused = pauze in { $name }: je punten blijven staan; schrijf je opnieuw in om weer ingedeeld te worden
notice-withdrew = je hebt je teruggetrokken uit { $name }: geen rondes meer voor jou (een lopende partij telt nog)
notice-not-playing-in = je speelt niet mee in { $name }
notice-tournament-game = { $name }: je partij #{ $game } begint, je speelt { $color }

## Accounts: nicknames and saved set-ups (src/service/accounts.rs)

refusal-nick-taken = { $nick } is bezet: probeer een andere
refusal-no-renames-left = je hebt je naam al een keer gewijzigd
refusal-rename-guest = gasten krijgen bij elk bezoek een nieuwe naam: verbind met een SSH-sleutel om er een te houden
refusal-rename-store = de naam kan nu niet gewijzigd worden: { $error }
refusal-nick-rule = een naam heeft 2 tot 16 tekens: letters, cijfers, _ en -, beginnend met een letter
refusal-nick-empty = kies een naam: { $rule }
refusal-nick-short = die naam is te kort: { $rule }
refusal-nick-long = die naam is te lang: { $rule }
refusal-nick-char = een naam mag geen { $char } bevatten: { $rule }
refusal-nick-letter = een naam moet met een letter beginnen: { $rule }
refusal-nick-guest = namen die met ‘guest’ beginnen, zijn voor gasten: kies een andere
refusal-nick-reserved = ‘{ $word }’ zou kunnen doorgaan voor de server of zijn beheerders: kies een andere
refusal-setup-no-name = een bewaarde opstelling heeft een naam nodig
refusal-setups-too-many = hoogstens { $max } bewaarde opstellingen: verwijder er eerst een
refusal-setup-store = opstelling niet bewaard: { $error }
notice-key-registered-as = Je sleutel staat geregistreerd als { $nick }: één naam per sleutel houdt de ratings eerlijk.
notice-login-bad-nick = ‘{ $asked }’ kan geen naam zijn ({ $why }); je bent { $nick }. Verbind als ssh NAAM@host om er een te kiezen.
notice-login-look-alike = De naam { $asked } lijkt te veel op { $other }, die van een andere speler; je bent { $nick }.
notice-login-nick-owned = De naam { $asked } hoort bij een andere sleutel; je bent { $nick }.
notice-login-too-many-new = Te veel nieuwe spelers uit je netwerk in het afgelopen uur (hoogstens { $max }): je bent alleen voor dit bezoek { $nick } (er is geen naam aan je sleutel gekoppeld). Kom later terug om er een te registreren.
notice-login-unchecked = Namen kunnen nu niet gecontroleerd worden; je bent voor dit bezoek { $nick }.
refusal-rename-bad-nick = ‘{ $asked }’ kan geen naam zijn ({ $why })
refusal-rename-look-alike = { $nick } lijkt te veel op { $other }, een andere speler: probeer een andere

## Admin results (src/service/admin.rs, src/ssh/session.rs)

notice-admin-kicked = { $sessions ->
        [one] 1 sessie
       *[other] { $sessions } sessies
    } van { $nick } verbroken
notice-admin-banned = { $target } geband; { $sessions ->
        [one] 1 sessie
       *[other] { $sessions } sessies
    } verbroken
notice-admin-unbanned = ban van { $target } opgeheven
notice-admin-sent = verstuurd
refusal-not-banned = { $target } was niet geband
refusal-ban-key = een sleutel schrijf je als zijn vingerafdruk, SHA256:...
refusal-ban-addr = '{ $value }' is geen IP-adres en geen prefix zoals 10.0.0.0/8 of 2001:db8::/48
refusal-ban-target = ban nick NAAM, ban key SHA256:... of ban addr ADRES[/PREFIX]
refusal-nothing-to-broadcast = niets om te versturen
refusal-cannot-read-bans = de bans kunnen niet gelezen worden: { $error }

## A session (src/ssh/session.rs)

notice-comeback =
    Gast: valt je verbinding weg, dan kom je zo terug in je partij:
    { $command }
notice-seat-taken = Partij #{ $game } gaat verder in je andere terminal
notice-comeback-unknown = Er wacht geen partij van jou op die pas (misschien verkeerd getypt, of de partij is afgelopen): je bent een nieuwe gast, { $nick }.
help-comeback = Terug na verbreken
notice-seat-elsewhere = Partij #{ $game } staat open in je andere terminal. Om hier te spelen, druk op r (in de regelmodus: watch { $game }); de andere terminal gaat terug naar de lobby.
notice-nick = Je bent nu { $nick }.
notice-kicked = Verbinding verbroken door een beheerder: { $reason }
notice-kicked-no-reason = Verbinding verbroken door een beheerder
notice-banned = Je bent geband op deze server: { $reason }
notice-banned-no-reason = Je bent geband op deze server
notice-guests-closed = Gastlogins vanaf je adres zijn dicht tot { $until } UTC: een speler die hier geband is, gebruikte het als laatste
notice-no-pty =
    stratego-ssh tekent een spel over het hele scherm en heeft een terminal nodig.
    Verbind met: { $connect }   (of { $head } NAAM@{ $host } om je naam te kiezen)
    In regels spelen (schermlezers, scripts): { $plain } play
notice-idle = Verbinding verbroken: { $time } lang geen toets ingedrukt (idle_timeout van de server).
refusal-not-stored = dat is hier niet bewaard
notice-core-away = De spelserver is even weg: je partijen blijven bewaard en gaan verder zodra hij terug is.
notice-core-back = De spelserver is terug: je partijen gaan verder.
refusal-core-away = niet verstuurd: de spelserver is even weg (je partijen blijven bewaard)
notice-setup-saved = opstelling ‘{ $name }’ bewaard

## Exec commands: ssh HOST COMMAND [--lang de|nl] (src/ssh/commands.rs, src/ssh/events.rs)

exec-usage =
    opdrachten:
      leaderboard [classic|duel|barrage]
      games NAAM
      games --live
      games --my-turn    (je correspondentiepartijen die op jouw zet wachten: exitstatus 0 als er een wacht, anders 1)
      replay ID [--format record|gravon]
      replay ID --analysis    (de beoordeling van elke zet door de sterke computer)
      tournaments
      tournament ID [--format json]
      play    (het spel in regels, voor schermlezers en scripts: typ help)
      web-login    (een eenmalige link die een browser aanmeldt onder de naam van je sleutel)
      web-sessions [end N|all]    (de browsers die als jou aangemeld zijn; afmelden)
    met --lang nl of --lang de is de tekst van een opdracht Nederlands of Duits (JSON is in elke taal hetzelfde); zonder is die Engels

    om te spelen, verbind met een terminal: { $connect }
exec-bad-lang = onbekende taal ‘{ $lang }’: mogelijk zijn { $codes }
exec-unknown-command = onbekende opdracht ‘{ $command }’
exec-line-too-long = die opdrachtregel is te lang: { $length } tekens, hoogstens { $max }; er is niets gedaan
exec-unknown-variant = onbekende variant ‘{ $variant }’: classic, duel of barrage
exec-unknown-format = onbekend formaat ‘{ $format }’: record of gravon
exec-link = Link: { $link }
exec-no-rated-games = nog geen partijen { $variant } om rating: spelers staan hier na hun eerste
exec-cannot-read-leaderboard = de ranglijst kan niet gelezen worden: { $error }
exec-no-games-of = geen beëindigde partijen van { $nick }
exec-cannot-read-games = de partijen kunnen niet gelezen worden: { $error }
exec-rated = om rating
exec-casual = vrijblijvend
exec-col-rank = plaats
exec-col-nick = naam
exec-col-rating = rating
exec-col-deviation = afwijking
exec-col-games = partijen
exec-col-wins = winst
exec-col-draws = remise
exec-col-losses = verlies
exec-col-id = nr.
exec-col-red = rood
exec-col-blue = blauw
exec-col-variant = variant
exec-col-rated = rating
exec-col-result = uitslag
exec-col-plies = halve zetten
exec-col-status = status
exec-col-format = vorm
exec-col-starts = begin (UTC)
exec-col-players = spelers
exec-col-name = naam
exec-col-points = punten
exec-col-perf = perf.
exec-col-buchholz = Buchholz
exec-col-sb = SB
exec-col-results = uitslagen
exec-not-a-game-number = ‘{ $id }’ is geen partijnummer
exec-replay-title = Partij #{ $id }: { $red } (Rood) tegen { $blue } (Blauw)
exec-replay-won = { $nick } ({ $color }) heeft gewonnen: { $reason }
exec-replay-no-winner = geen winnaar: { $reason }
exec-replay-unfinished = niet beëindigd
exec-replay-result = Uitslag: { $result }
exec-replay-moved = { $color } zette
exec-replay-rescue = ; een { $rank } gered naar { $square }
exec-replay-formats = (de bewaarde notatie: replay { $id } --format record; XML van Gravon: --format gravon)
exec-no-tournaments = geen toernooien
exec-format-arena = arena { $minutes } min
exec-format-swiss = Zwitsers, { $rounds ->
        [one] 1 ronde
       *[other] { $rounds } ronden
    }
exec-not-a-tournament-number = ‘{ $id }’ is geen toernooinummer
exec-tournament-about = regels: { $rules }; aangemaakt door { $nick }; begint { $starts } UTC
exec-tournament-ends = ; eindigt { $ends } UTC
exec-tournament-round = ; ronde { $round } van { $rounds }
exec-flag-on-fire = op-dreef
exec-flag-withdrawn = teruggetrokken
exec-flag-paused = pauze
exec-flag-absent = afwezig
exec-games-in-play = lopende partijen:
exec-game-round = (ronde { $round })
exec-tournament-usage =
    toernooiopdrachten:
      tournament create NAAM [opties]    een nieuw toernooi (NAAM: de woorden voor de opties)
      tournament edit ID [opties]        een aangekondigd toernooi wijzigen (niet genoemde opties blijven)
      tournament start ID                een aangekondigd toernooi nu beginnen
      tournament cancel ID
      tournament join ID                 meedoen onder de naam van je sleutel (spelen doe je in de lobby)
      tournament withdraw ID             je terugtrekken (een arena: pauzeren)
      admin tournament addbot ID easy|hard|random   een computerspeler doet mee (waar de server
                                         het om te testen toestaat: tournament_bots = true)
    opties:
      --arena MINUTEN | --swiss RONDES   het formaat (standaard: --arena 60)
      --variant classic|duel|barrage     (standaard classic)
      --clock MIN+INC | none             (standaard 5+3)
      --days 1|3|7                       correspondentiepartijen, dagen per zet (alleen Zwitsers)
      --budget 15|30|60                  met --days: de totale tijd van elke speler in dagen
      --rated | --casual                 om rating of vrijblijvend (standaard om rating)
      --start +10m | +2h | now | UU:MM | JJJJ-MM-DDTUU:MM (UTC; standaard +10m)
      --entry anyone | keys | NICK,NICK  wie mee mag doen (standaard anyone: iedereen)
      --min-rated N                      partijen om rating die nodig zijn om mee te doen (standaard 0)
      --two-square 0|2|3|5  --chase on|off  --aggressor on|off  --silent on|off
      --rescue on|off  --duel-rows 3|4  --immobility turn|now  --cap HALVE-ZETTEN
exec-tournament-bad-level = onbekend niveau '{ $level }': easy, hard of random
exec-tournament-on-off = { $flag }: on of off, niet '{ $value }'
exec-tournament-no-name = geef het toernooi een naam: tournament create NAAM [opties]
exec-tournament-needs-value = { $flag } heeft een waarde nodig
exec-tournament-not-a-number = { $flag }: '{ $value }' is geen getal
exec-tournament-bad-start = --start: '{ $value }' is geen tijd: +10m, +2h, now, UU:MM of JJJJ-MM-DDTUU:MM (UTC)
exec-tournament-two-square = --two-square: 0 (uit), 2, 3 of 5
exec-tournament-duel-rows = --duel-rows: 3 of 4
exec-tournament-immobility = --immobility: turn of now
exec-tournament-unknown-option = onbekende optie '{ $flag }': tournament help somt ze op
exec-admin-usage =
    beheeropdrachten:
      admin kick NICK [REDEN]
      admin ban nick|key|addr WAARDE [REDEN]
      admin unban nick|key|addr WAARDE
      admin bans
      admin broadcast TEKST
      admin backup NAAM  (een nieuwe map onder de back-upmap van de server, backup_root)
      admin tournament create|edit|start|cancel ...   (admin tournament help)
exec-admin-no-bans = geen bans
exec-admin-ban-usage = ban nick NAAM, ban key SHA256:... of ban addr ADRES
exec-admin-backed-up = { $entries ->
        [one] 1 item
       *[other] { $entries } items
    } in { $trees ->
        [one] 1 boom
       *[other] { $trees } bomen
    } geback-upt naar { $dir }
exec-admin-backup-outside = '{ $asked }' ligt niet onder de back-upmap { $root }: geef een naam (zoals 2026-11-27) voor een nieuwe map daar; er is niets geschreven
exec-admin-backup-root = de back-upmap { $root } is niet bruikbaar ({ $error })
exec-admin-backup-make-root = de back-upmap { $root } kan niet worden gemaakt ({ $error })
exec-tournaments-need-admin = toernooien aanmaken en organiseren kan op deze server alleen met een beheerderssleutel
exec-key-has-no-nick = je sleutel heeft nog geen naam: verbind één keer met een terminal om er een te kiezen ({ $connect }), organiseer daarna toernooien onder die naam
exec-admin-needs-key = beheeropdrachten hebben een beheerderssleutel nodig
exec-busy-connection = server bezet: hoogstens { $count ->
        [one] 1 opdracht
       *[other] { $count } opdrachten
    } tegelijk op één verbinding; wacht tot er een klaar is en probeer het opnieuw
exec-busy-address = server bezet: hoogstens { $count ->
        [one] 1 opdracht
       *[other] { $count } opdrachten
    } tegelijk vanaf één adres; wacht tot er een klaar is en probeer het opnieuw
exec-busy-minute = server bezet: hoogstens { $count ->
        [one] 1 opdracht
       *[other] { $count } opdrachten
    } per minuut vanaf één adres; probeer het over een minuut opnieuw

## Aanmelden in de browser (src/ssh/weblogin.rs)

exec-web-off = De webpagina's staan op deze server uit: er is geen browser om aan te melden.
exec-web-login =
    Open deze link binnen { $minutes } minuten in je browser om die aan te melden als { $nick } (hij werkt één keer):
      { $link }
exec-web-failed = dat lukt nu niet: { $error }
exec-web-none = Er is geen browser op jouw naam aangemeld. web-login maakt een link die er een aanmeldt.
exec-web-session = { $n }. sinds { $since } UTC, tot { $until } UTC: { $agent }
exec-web-end-how = Eén afmelden: web-sessions end N (allemaal: web-sessions end all)
exec-web-usage = gebruik: web-login | web-sessions | web-sessions end N|all
exec-web-ended-none = Die browsersessie bestaat niet: web-sessions toont ze
exec-web-ended =
    { $count ->
        [one] 1 browser afgemeld
       *[other] { $count } browsers afgemeld
    }
exec-web-needs-nick = je sleutel heeft nog geen naam: maak één keer verbinding met een terminal om er een te kiezen ({ $connect }), en meld daarna een browser onder die naam aan
exec-web-needs-key = een browser aanmelden kan alleen met een SSH-sleutel (een gast speelt in de browser als gast)

# Passkey accounts (src/web/passkey.rs) and keys linked from the web.
exec-web-link-key =
    Je sleutel heeft nog geen nick. Om hem toe te voegen aan een account dat je op het web (met een passkey) hebt gemaakt, open je deze link binnen { $minutes } minuten in de browser die bij dat account is aangemeld (hij werkt één keer):
      { $link }
    Wil je de sleutel liever een eigen nick geven, maak dan eenmaal verbinding met een terminal.

## Geweigerde notities (er verandert niets)
refusal-note-spectator = alleen de spelers maken notities
refusal-note-not-in-play = notities maak je tijdens de partij
refusal-note-empty = op { $square } staat geen stuk voor een notitie
refusal-note-own = { $square } is je eigen stuk: notities zijn voor de onbekende stukken van je tegenstander
refusal-note-revealed = het stuk op { $square } is al bekend: geen notitie nodig
refusal-note-none = op { $square } staat geen notitie
refusal-note-too-many = te veel notities in deze partij
refusal-note-cannot-save = de notitie is niet bewaard (de server kan nu niet naar zijn schijf schrijven)

## De eigen notities van een speler in `replay ID` (alleen hij ziet ze)
exec-replay-notes = Je notities (alleen jij ziet ze):
exec-replay-note = voor zet { $move_number }: { $square } { $guess }
exec-replay-note-cleared = voor zet { $move_number }: { $square } gewist

## De analyse na de partij: `replay ID --analysis`, de herhaling, regels, de webpagina
exec-analysis-title = Analyse van partij #{ $id } door de sterke computer ({ $nodes } knopen per zet)
exec-analysis-legend = ? een fout (verliest { $mistake } of meer), ?? een blunder ({ $blunder } of meer). Waarden vanuit de kant die zette: een Verkenner is 10, een Maarschalk 120.
exec-analysis-mistakes = Fouten naar wat de zetter wist: Rood { $red_seen }, Blauw { $blue_seen }. Achteraf: Rood { $red_hindsight }, Blauw { $blue_hindsight }.
exec-analysis-seen = naar wat de zetter wist
exec-analysis-hindsight = achteraf
exec-analysis-move = zet
exec-analysis-best = beste
exec-analysis-value = waarde
exec-analysis-change = verschil
exec-analysis-only-move = enige zet
exec-analysis-waiting = De analyse van partij #{ $id } staat in de rij ({ $ahead ->
        [one] 1 partij
       *[other] { $ahead } partijen
    } ervoor): vraag het over een minuut opnieuw.
exec-analysis-running = De analyse van partij #{ $id } wordt gemaakt: vraag het over een minuut opnieuw.
exec-analysis-full = De rij voor analyses is vol: vraag het later opnieuw.
exec-analysis-off = Deze server maakt geen analyses.
exec-analysis-usage = (de beoordeling van elke zet door de sterke computer: replay { $id } --analysis)

## Correspondence games (src/lobby/seeks.rs, src/lobby/sessions.rs, src/game/mod.rs)

refusal-correspondence-days = een correspondentiepartij geeft 1, 3 of 7 dagen per zet, niet { $days }
refusal-correspondence-budget = de totale tijd van een correspondentiepartij is 15, 30 of 60 dagen, niet { $budget }
refusal-budget-without-days = een totale tijd hoort bij een correspondentiepartij: geef eerst de dagen per zet (3d 30d)
refusal-correspondence-clock = een correspondentiepartij heeft dagen per zet en geen klok: kies het een of het ander
refusal-correspondence-guest = een correspondentiepartij duurt dagen: verbind met een SSH-sleutel om er een te spelen (de naam van een gast geldt één bezoek)
refusal-own-correspondence-games = Je hebt al { $games } lopende correspondentiepartijen: maak er eerst een af
refusal-their-correspondence-games = { $nick } heeft al { $games } lopende correspondentiepartijen
refusal-correspondence-claim = een correspondentiepartij wordt niet verlaten: je tegenstander heeft tot de termijn om te zetten
notice-your-move-now = { $opponent } heeft gezet: jij bent aan zet in correspondentiepartij #{ $game } (Enter erop onder Lopende partijen)
notice-your-move-waiting = Jij bent aan zet in { $count ->
        [one] correspondentiepartij { $games }
       *[other] { $count } correspondentiepartijen: { $games }
    } (onder Jij bent aan zet; Enter op een ervan speelt hem)
exec-my-turn-needs-key = games --my-turn noemt je correspondentiepartijen: verbind met de SSH-sleutel waarmee je speelt
exec-my-turn-none = geen correspondentiepartij wacht op jouw zet
exec-my-turn-row = #{ $game } tegen { $opponent } ({ $color }, { $variant }, zet { $number }): uiterlijk { $due } UTC, nog { $left }
exec-my-turn-setup-row = #{ $game } tegen { $opponent } ({ $color }, { $variant }, jouw opstelling): uiterlijk { $due } UTC, nog { $left }
exec-my-turn-budget = { $row }; totale tijd: { $budget_left }
## The set-up library (src/service/setups.rs, src/ssh/session.rs)
refusal-setup-name-taken = je hebt voor deze variant al een opstelling met die naam: kies een andere
refusal-setup-missing = die bewaarde opstelling bestaat niet meer (op een andere terminal gewist?)
