# Browse (nl): de ranglijst, profielen, partijlijsten, herhalingen en de spelregels.

## Leaderboard (src/ui/browse.rs)

browse-leaders-header = Ranglijst
browse-leaders-tabs-hint = Links/Rechts of 1 2 3: variant
browse-leaders-title = Ranglijst { $variant }
browse-head-rank = plaats
browse-head-player = speler
browse-head-rating = rating
browse-head-games = partijen
browse-head-wdl = W/R/V
browse-you = (jij)
browse-loading-leaderboard = ranglijst wordt geladen …
browse-no-players = nog geen spelers met een rating

## Profile (src/ui/browse.rs)

browse-profile-of = Profiel van { $nick }
browse-profile-of-you = Profiel van { $nick } (jij)
browse-renamed-already = naam al gewijzigd (één keer per speler)
browse-rename-once = r: je naam wijzigen (één keer)
browse-ratings-title = { $nick }: ratings
browse-guest-text = { $nick } is een gast: een gast heeft geen opgeslagen profiel (geen rating, geen partijgeschiedenis, alleen vrijblijvende partijen). Wie met een SSH-sleutel speelt, houdt een naam, een rating en partijen.
browse-recent-title = Recente partijen
browse-recent-title-of = Recente partijen ({ $variant })
browse-loading-profile = profiel wordt geladen …
browse-no-ratings = nog geen partijen om rating
browse-no-history = nog geen verloop
browse-last-rated = { $count ->
        [one] laatste partij om rating
       *[other] laatste { $count } partijen om rating
    }
browse-rating-games = { $count ->
        [one] 1 partij
       *[other] { $count } partijen
    }
browse-no-games-yet = nog geen partijen
browse-all-variants = alle varianten
browse-notice-wait-profile = Wacht tot het profiel geladen is
browse-notice-renamed = Je hebt je naam al gewijzigd: dat kan maar één keer

## Game lists (src/ui/browse.rs)

browse-games-header = Partijen
browse-games-mine = Mijn partijen ({ $nick })
browse-games-of = Partijen van { $nick }
browse-games-recent = Recente partijen
browse-games-count = { $title } ({ $count })
browse-tab-mine = mijn
browse-tab-recent = recent
browse-tab-list = Tab: lijst
browse-tab-variant = variant:
browse-tab-variant-keys = (Links/Rechts)
browse-loading-games = partijen worden geladen …
browse-no-finished = hier geen beëindigde partijen
browse-head-id = nr.
browse-head-players = rood tegen blauw
browse-head-variant = variant
browse-head-rated = rating
browse-head-result = uitslag
browse-head-moves = zetten
browse-head-ended = einde (UTC)
browse-head-date = datum (UTC)
browse-vs = tegen
browse-rated = om rating
browse-casual = vrijblijvend

## Results in words (src/ui/browse.rs, src/ui/replay.rs)

browse-unfinished = niet beëindigd
browse-result-won = { $color } wint { $dash } { $reason }
browse-result-draw = remise { $dash } { $why }
browse-draw-agreed = overeengekomen
browse-draw-move-limit = zettenlimiet
browse-you-won = gewonnen { $dash } { $reason }
browse-you-lost = verloren { $dash } { $reason }

## Keys of the leaderboard, profile and game lists (src/ui/browse.rs)

browse-help-leaders = Toetsen van de ranglijst
browse-help-profile = Toetsen van het profiel
browse-help-games = Toetsen van de partijlijst
browse-key-left-right-123 = Links / Rechts, 1 2 3
browse-key-h-l-tab = h / l, Tab / Shift-Tab
browse-key-h-l = h / l
browse-key-m-r = m / r
browse-key-pages = PgUp/PgDn, Home/End
browse-keys-select = kiezen
browse-keys-variant = variant
browse-keys-profile = profiel
browse-keys-my-profile = mijn profiel
browse-keys-back = terug
browse-keys-help = hulp
browse-keys-replay = naspelen
browse-keys-all-games = alle partijen
browse-keys-rename = naam wijzigen
browse-keys-mine-recent = mijn/recent
browse-help-page = een pagina omhoog / omlaag, eerste / laatste
browse-help-shift = vorige / volgende variant
browse-help-variant = variant: alle / Klassiek / Duel / Barrage
browse-help-back = terug
browse-help-settings = instellingen
browse-help-select-player = een speler kiezen
browse-help-variants = Klassiek / Duel / Barrage
browse-help-open-profile = profiel van de gekozen speler
browse-help-my-profile = mijn profiel
browse-help-mouse-profile = klik kiest, nog een klik opent het profiel
browse-help-select-recent = een recente partij kiezen
browse-help-replay = de gekozen partij naspelen
browse-help-all-games = alle partijen van deze speler
browse-help-rename = mijn naam wijzigen (één keer)
browse-help-mouse-replay = klik kiest, nog een klik speelt na
browse-help-select-game = een partij kiezen
browse-help-sources = mijn partijen / recente partijen / de partijen van de speler
browse-help-mine-recent = mijn partijen / recente partijen
browse-help-opponent = profiel van de tegenstander (bij recente partijen: Rood)

## Replay (src/ui/replay.rs)

replay-everything = alles open
replay-as-red = zoals Rood het zag
replay-as-blue = zoals Blauw het zag
replay-all-revealed = partij voorbij: alles open
replay-decimal-mark = ,
replay-seconds = { $seconds } s
replay-title = Naspelen
replay-game = partij #{ $id }
replay-loading = partij om na te spelen wordt geladen …
replay-at-start = begin, { $count ->
        [one] 1 zet
       *[other] { $count } zetten
    }
replay-move-of = zet { $number } van { $count }
replay-moved = , { $color } zette
replay-going-to = zet { $number }
replay-playing = speelt
replay-paused = gepauzeerd
replay-per-move = , { $speed } per zet (+/-)
replay-moves = Zetten
replay-start-position = beginopstelling
replay-views = v: alle / Rood / Blauw
replay-left = over
replay-ply-move = { $from }-{ $to }
replay-ply-battle = { $from }x{ $to } { $attacker }x{ $defender } { $result }
replay-ply-win = wint
replay-ply-loss = verliest
replay-ply-tie = beide
replay-ply-unknown = ?
replay-ply-rescue = { $ply } +{ $rank }@{ $to }
replay-rules-no-two-square = geen tweevakkenregel
replay-rules-two-square = tweevakkenregel: { $count }
replay-rules-chasing = achtervolgingsregel
replay-rules-attacker-wins = aanvaller wint bij gelijke rang
replay-rules-silent = stille verdediging
replay-rules-rescue = redding
replay-rules-blocked = ingesloten kant verliest
replay-rules-short-no-two-square = 2v:uit
replay-rules-short-two-square = 2v:{ $count }
replay-rules-short-chasing = AR
replay-rules-short-attacker = AV
replay-rules-short-silent = SV
replay-rules-short-rescue = redding
replay-rules-short-blocked = ingesloten:verliest

## Replay keys (src/ui/replay.rs)

replay-help-title = Toetsen voor het naspelen
replay-key-down-up = Omlaag / Omhoog, PgDn / PgUp
replay-key-j-k = j / k
replay-key-ends = Home / 0, End / $
replay-key-speed = + / -, = / _
replay-key-speed-short = +/-
replay-keys-step = stap
replay-keys-ends = begin/einde
replay-keys-pause = pauze
replay-keys-play = afspelen
replay-keys-speed = tempo
replay-keys-view = zicht
replay-keys-flip = draaien
replay-help-forward = één zet vooruit
replay-help-back-one = één zet terug
replay-help-ten = tien zetten vooruit / terug
replay-help-ends = begin / einde van de partij
replay-help-play = afspelen / pauzeren (aan het einde: van voren af aan)
replay-help-speed = sneller / langzamer: 0,25 / 0,5 / 1 / 2 s per zet
replay-help-view = zicht: alles / zoals Rood het zag / zoals Blauw
replay-help-flip = het bord draaien
replay-help-mouse = het wieltje bladert, een klik op een zet gaat ernaartoe
replay-keys-mistake = volgende fout
replay-help-mistake = de volgende fout die de analyse van de computer vond (? een fout, ?? een blunder)
replay-analysis-move = Analyse van zet { $number } ({ $color }):
replay-analysis-seen = naar kennis
replay-analysis-hindsight = achteraf
replay-analysis-judged = beste { $best } { $before }{ $arrow }{ $after }{ $mark }
replay-analysis-only = enige zet
replay-analysis-summary = Analyse: { $count ->
        [one] 1 fout
       *[other] { $count } fouten
    } (n: de volgende)
replay-analysis-waiting = Analyse: in de rij ({ $ahead ->
        [one] 1 partij
       *[other] { $ahead } partijen
    } ervoor)
replay-analysis-running = Analyse: wordt gemaakt
replay-analysis-full = Analyse: de rij is vol; kijk later opnieuw

## Rules page (src/ui/rules_page.rs)

rules-keys-rules = spelregels
rules-keys-scroll = scrollen
rules-keys-page = pagina
rules-keys-close = sluiten
rules-position = { $first }-{ $last } van { $count }
rules-title = Regels van Stratego { $variant }
rules-goal = Het doel
rules-goal-text =
    Verover de Vlag van de tegenstander, of laat hem geen stuk over dat nog kan
    zetten. Elke kant heeft { $count } stukken en ziet alleen de rangen van de eigen
    stukken: een stuk van de tegenstander toont zijn rang pas als het gevochten heeft.
rules-pieces = De stukken, de sterkste eerst
rules-count = { $count }×
rules-does-marshal = slaat elk lager stuk; valt door een Spion die hem aanvalt
rules-does-general = slaat elk lager stuk
rules-does-officer = slaat de lagere rangen
rules-does-miner = ontmantelt Bommen; slaat Verkenners en de Spion
rules-does-scout = gaat in een rechte lijn zo ver als hij wil; slaat alleen de Spion
rules-does-spy = slaat de Maarschalk als hij zelf aanvalt; verliest van elke andere rang
rules-does-bomb = beweegt nooit; vernietigt elke aanvaller behalve een Mineur
rules-does-flag = beweegt nooit; wie hem verovert, wint
rules-moving = Zetten
rules-moving-text =
    Eén stuk per beurt, één veld vooruit, achteruit of opzij: nooit diagonaal, nooit
    in een meer. Bommen en de Vlag staan altijd stil. Een Verkenner gaat over een
    willekeurig aantal lege velden in een rechte lijn en mag aan het einde van zijn
    zet aanvallen.
rules-battles = Wie slaat wie
rules-battles-text =
    Een stuk dat op een stuk van de tegenstander zet, valt het aan. De hoogste rang
    wint en blijft staan; { $equal }. De Spion slaat de Maarschalk alleen als de Spion
    aanvalt. Een Bom vernietigt elke aanvaller behalve een Mineur, die hem ontmantelt.
    Wie de Vlag verovert, wint.
rules-equal-attacker = bij gelijke rang wint de aanvaller (aanvallersvoordeel)
rules-equal-both = bij gelijke rang verdwijnen beide van het bord
rules-silent =
    Stille verdediging: een gevecht toont alleen de rang van de aanvaller (ook die
    van de verdediger als een Verkenner aanvalt).
rules-not-silent = Beide rangen van een gevecht worden aan beide spelers getoond.
rules-this-game = De regels van deze partij
rules-no-two-square = Geen tweevakkenregel: een stuk mag zo vaak heen en weer gaan als het wil.
rules-two-square =
    Tweevakkenregel: een stuk mag niet vaker dan { $count } keer achter elkaar tussen
    dezelfde twee velden heen en weer gaan.
rules-chasing =
    Achtervolgingsregel: een stuk dat steeds hetzelfde stuk van de
    tegenstander achtervolgt, mag geen stelling van die achtervolging herhalen; de
    achtervolger moet ophouden.
rules-no-chasing = Achtervolgen is niet beperkt (geen achtervolgingsregel).
rules-rescue =
    Redding: een stuk dat met een gewone zet de achterste rij van de tegenstander
    bereikt, mag een van zijn geslagen stukken terughalen (hooguit twee per partij).
rules-blocked-at-once = Een kant waarvan alle beweegbare stukken ingesloten zijn, verliest meteen.
rules-blocked-on-turn = Een kant die aan de beurt is en niet kan zetten, verliest.
rules-cap-total = { $count ->
        [one] De partij is remise na 1 zet in totaal.
       *[other] De partij is remise na { $count } zetten in totaal.
    }
rules-cap-quiet = { $count ->
        [one] De partij is remise na 1 zet zonder gevecht.
       *[other] De partij is remise na { $count } zetten zonder gevecht.
    }
rules-setup =
    Elke kant stelt zijn leger op in zijn eigen { $count } rijen; r vult ze zoals de
    computer dat doet (de Vlag achteraan, Bommen eromheen).
rules-board = Wat het bord toont
rules-sym-hidden = een stuk van de tegenstander dat je nog niet gezien hebt
rules-sym-moved = een stuk van de tegenstander dat gezet heeft: geen Bom en niet de Vlag
rules-sym-lake = een meer: geen stuk mag erin
rules-sym-setup = de opstellingsrijen van de tegenstander zolang er opgesteld wordt
rules-sym-empty = een leeg veld
rules-sym-target = waar het gekozen stuk heen mag
rules-sym-cursor = de cursor; ( ) een opgepakt of gekozen stuk
rules-board-text =
    Een rang van de tegenstander die je kunt lezen (onderstreept), is er een die je
    gezien hebt; de velden van de laatste zet zijn geel en met + gemarkeerd. Kolommen
    heten A tot J, rijen 1 tot 10: een zet schrijf je als c4 c5 (m typt er een).

## The set-up library (src/ui/library.rs)
library-header = Opstellingen
library-tabs-hint = ←/→ variant
library-title = Je opstellingen: { $variant }
library-head-name = Naam
library-empty = Geen bewaarde opstellingen voor { $variant }: bewaar er een met S tijdens het opstellen.
library-counting = je partijen worden geteld…
library-no-games = Nog in geen van je beëindigde partijen.
library-stats = { $games ->
        [one] 1 partij
       *[other] { $games } partijen
    }: { $wins } gewonnen, { $draws } remise, { $losses } verloren
library-flag-taken = Vlag geslagen door { $rank } in zet { $ply }
library-flag-taken-unknown = Vlag geslagen in zet { $ply }
library-lost-by = Verloren door { $reason }: { $count }
library-games-read = Uit je { $games } beëindigde partijen van deze variant.
library-rename-prompt = Nieuwe naam: 
library-delete-confirm = '{ $name }' wissen? y wist, elke andere toets houdt haar
library-deleted = '{ $name }' gewist
library-kept = Gehouden: niets gewist
library-name-taken-named = Je hebt al een opstelling '{ $name }' voor deze variant
library-editing = '{ $name }' bewerken: d bewaart haar, q gaat weg zonder bewaren
library-edit-dropped = Er is een partij begonnen: je wijzigingen aan '{ $name }' zijn niet bewaard (de bewaarde opstelling is zoals ze was).
library-keys-edit = bewerken
library-keys-rename = hernoemen
library-keys-copy = kopiëren
library-keys-delete = wissen
library-keys-mine = mijn verkenner
library-keys-server = serververkenner
library-keys-confirm = wissen
library-help-title = Opstellingen
library-help-select = een opstelling kiezen
library-help-edit = op het opstelbord bewerken (d daar bewaart haar)
library-help-rename = hernoemen
library-help-copy = een kopie onder een nieuwe naam bewaren
library-help-delete = wissen (vraagt eerst)
library-help-mine = de opstellingsverkenner van je eigen partijen
library-help-server = de opstellingsverkenner van de partijen van de server (anoniem)
library-help-stats-key = partijen
library-help-stats = geteld worden de beëindigde partijen waarin het leger precies deze opstelling was (beide kleuren)

## The set-up explorer (src/ui/library.rs)
explorer-header = Opstellingsverkenner
explorer-tabs-hint = ←/→ variant
explorer-title-mine = { $variant }: je partijen
explorer-title-server = { $variant }: de partijen van de server
explorer-loading = beëindigde partijen worden gelezen…
explorer-armies = { $armies ->
        [one] 1 leger
       *[other] { $armies } legers
    } · { $what }
explorer-server-note = Partijen die beide spelers uitspeelden, alleen openbare; geen naam wordt getoond.
explorer-show-flags = vlaggen per veld
explorer-show-bombs = bommen per veld
explorer-show-score = score van een vlag per veld (%)
explorer-common-title = Vaker gespeelde opstellingen (partijen, score, opstelling vanaf de achterste rij)
explorer-common-none = Geen opstelling werd twee keer gespeeld.
explorer-keys-heat = vlaggen/bommen/score
explorer-keys-whose = mijn/server
explorer-help-title = Opstellingsverkenner
explorer-help-select = een vaak gespeelde opstelling kiezen
explorer-help-flags = tonen waar de vlaggen stonden
explorer-help-bombs = tonen waar de bommen stonden
explorer-help-score = tonen hoe elk vlagveld scoorde
explorer-help-whose = je eigen partijen of die van de server
