# Set-up (nl): the set-up screen, the seek / challenge / computer forms, the help's parts.

## Seek, challenge and computer forms (src/ui/dialog.rs)

form-title-seek = Nieuwe uitnodiging
form-title-challenge = Uitdaging
form-title-bot = Tegen de computer
form-level = Niveau van de computer
form-level-random = willekeurig
form-level-easy = makkelijk
form-level-hard = moeilijk
form-variant = Variant
form-two-square = Tweevakkenregel
form-moves = { $count ->
        [one] 1 zet
       *[other] { $count } zetten
    }
form-chasing = Achtervolgingsregel
form-chasing-on = aan: geen eindeloze achtervolging
form-chasing-off = uit: achtervolgen toegestaan
form-aggressor = Aanvallersvoordeel
form-aggressor-on = aan: bij gelijke rang wint de aanvaller
form-aggressor-off = uit: bij gelijke rang vallen beide
form-silent = Stille verdediging
form-silent-on = aan: alleen de aanvaller getoond
form-silent-off = uit: beide rangen getoond
form-rescue = Redding
form-rescue-on = aan: de achterste rij redt een stuk
form-rescue-off = uit
form-duel-rows = Opstellingsrijen bij Duel
form-rows = { $count ->
        [one] 1 rij
       *[other] { $count } rijen
    }
form-rows-duel-only = { $count ->
        [one] 1 rij (alleen Duel)
       *[other] { $count } rijen (alleen Duel)
    }
form-immobility = Wie niet kan zetten
form-immobility-on-turn = verliest als die aan zet is
form-immobility-immediate = verliest meteen
form-rated = Rating
form-rated-guest = vrijblijvend (gasten)
form-rated-on = om rating
form-rated-off = vrijblijvend: rating blijft gelijk
form-rated-private = vrijblijvend (privépartijen zijn dat)
form-clock = Klok
form-custom-clock = minuten+seconden
form-private-to = Alleen voor (een uitdaging)
form-anyone = (iedereen)
form-private = Privé
form-private-on = ja: alleen jullie twee weten van de partij
form-private-off = nee: vermeld zoals elke partij
form-about-agent = bot-{ $name }: een ander programma dat deze server draait. Het speelt Klassiek zonder tweevakken- en achtervolgingsregel (de regels waarvoor het geschreven is); vrijblijvend.
form-about-random = Willekeurig: de computer speelt een willekeurige geldige zet.
form-about-easy = Makkelijk: een zachte tegenstander voor een eerste partij.
form-about-hard = Moeilijk: de computer speelt om te winnen.
form-about-classic = Klassiek: het hele leger, 40 stukken elk, in vier rijen.
form-about-duel = Duel: een snelle partij met 10 stukken elk.
form-about-barrage = Barrage: een snelle partij met 8 stukken elk.
form-about-two-square = Een stuk mag hoogstens { $count } keer achter elkaar heen en weer tussen dezelfde twee velden.
form-about-chasing = Achtervolgingsregel: een stuk dat een ander achtervolgt, mag geen stelling van dezelfde achtervolging herhalen.
form-about-aggressor = Als twee stukken van dezelfde rang elkaar treffen: aan, de aanvaller wint; uit, beide vallen.
form-about-silent = In een gevecht, aan: alleen de rang van de aanvaller wordt getoond (beide als een Verkenner aanvalt); uit: beide rangen worden getoond.
form-about-rescue = Een stuk dat de achterste rij van de tegenstander betreedt (niet door aan te vallen), haalt één geslagen stuk terug, hoogstens twee keer per speler.
form-about-duel-rows = In hoeveel rijen elke kant zich opstelt bij Duel.
form-about-immobility = Als die aan zet is: een kant zonder geldige zet verliest wanneer die aan zet is. Meteen: een kant waarvan alle stukken vastzitten, verliest direct na de zet (beide vast: remise).
form-about-rated = Partijen om rating veranderen de rating van beide spelers; vrijblijvende partijen niet.
form-about-clock = De bedenktijd van elke speler voor de hele partij, plus seconden erbij na elke zet.
form-about-private-to = De naam van een speler: alleen die ziet de uitnodiging (een uitdaging). Leeg: iedereen mag aannemen.
form-about-private = Privé: niemand behalve jullie twee komt te weten dat de partij bestaat (geen lijst, geen kijkers, geen webpagina). Ratings zijn openbaar, dus een privépartij is vrijblijvend.
form-error-guest-rated = Gasten spelen vrijblijvend: log in met een sleutel om partijen om rating te spelen
form-error-custom-clock = eigen klok: typ minuten+toeslag, zoals 15+10
form-error-not-a-clock = '{ $text }' is geen klok: typ minuten+toeslag, zoals 10+5
form-error-clock-range = klok: 1 tot 180 minuten, toeslag tot 180 seconden
form-error-whom = Wie daag je uit? Typ een naam
form-error-private-rated = Een privépartij is vrijblijvend (ratings zijn openbaar): zet Privé op nee voor een partij om rating
form-keys-field = veld
form-keys-change = wijzigen
form-keys-cancel = annuleren
form-keys-post = plaatsen
form-keys-challenge = uitdagen
form-keys-play = spelen
form-own-rules = eigen regels
form-no-clock = geen klok
form-clock-words = { $minutes } min + { $seconds } s per zet
form-rules-two-square = tweevakkenregel { $count ->
        [one] 1 zet
       *[other] { $count } zetten
    }
form-rules-no-two-square = geen tweevakkenregel
form-rules-chasing = achtervolgingsregel
form-rules-no-chasing = geen achtervolgingsregel
form-rules-aggressor = bij gelijke rang wint de aanvaller
form-rules-silent = alleen de aanvaller getoond
form-rules-rescue = redding
form-rules-immobility = een vastgezette kant verliest meteen
form-rules-duel-rows = opstelling in { $count } rijen

## Set-up screen (src/ui/setup.rs)

setup-not-your-square = { $square } is geen van je opstellingsvelden
setup-variant-has-no = { $variant } heeft geen { $rank }
setup-all-placed = { $count ->
        [one] De { $ranks } staat al
       *[other] Alle { $count } { $ranks } staan al
    }
setup-nothing-to-pick = Hier valt niets op te pakken: typ een rangtoets om een stuk te zetten
setup-filled-all = Opgesteld zoals de computer: Spatie wisselt stukken, of nog eens r
setup-filled-rest = { $count ->
        [one] De lege velden gevuld zoals de computer; het stuk dat je zette blijft staan (nog eens r: het hele leger opnieuw)
       *[other] De lege velden gevuld zoals de computer; de { $count } stukken die je zette blijven staan (nog eens r: het hele leger opnieuw)
    }
setup-name-needed = Een bewaarde opstelling heeft een naam nodig
setup-saved = Bewaard als '{ $name }'
setup-loaded = '{ $name }' geladen
setup-loaded-but = '{ $name }' geladen, maar: { $error }
setup-sent-waiting = Opstelling verstuurd: wacht op je tegenstander
setup-not-ready = Nog niet klaar: { $error }
setup-is-sent = Je opstelling is verstuurd: wacht op je tegenstander
setup-complete-first = Maak de opstelling eerst compleet voor je haar bewaart ({ $error })
setup-no-saved = Nog geen bewaarde opstellingen voor { $variant }: S bewaart deze
setup-places-no-piece = '{ $key }' zet geen stuk: zie de lijst rechts
setup-already-empty = Dit veld is al leeg
setup-empty-already = Het bord is al leeg: zet je stukken, of r vult het
setup-cleared = Leeggemaakt: zet je stukken, of r vult het
setup-error-count = { $found } { $ranks } gezet, het leger heeft er { $expected }
setup-error-outside = { $square } ligt buiten je opstellingsrijen
setup-error-lake = { $square } is een meer: daar mag niets staan
setup-error-twice = { $square } is twee keer gebruikt
setup-title-watching = De spelers stellen op
setup-title-watching-left = Opstellen: nog { $time }
setup-title-sent = Verstuurd: wacht op je tegenstander
setup-title-sent-left = Verstuurd: je tegenstander heeft nog { $time }
setup-title-arrange = Stel je leger op ({ $color })
setup-title-arrange-left = nog { $time } { $dash } Stel je leger op ({ $color })
setup-head-key = toets
setup-head-piece = stuk
setup-head-left = over
setup-placed = { $placed } van { $total } gezet
setup-save-as = bewaren als:
setup-tip = pijltjes bewegen, rangtoetsen zetten, Spatie pakt op/wisselt, Del haalt weg
setup-saved-title = Bewaarde opstellingen: { $variant }
setup-plural-marshal = Maarschalken
setup-plural-general = Generaals
setup-plural-colonel = Kolonels
setup-plural-major = Majoors
setup-plural-captain = Kapiteins
setup-plural-lieutenant = Luitenants
setup-plural-sergeant = Sergeanten
setup-plural-miner = Mineurs
setup-plural-scout = Verkenners
setup-plural-spy = Spionnen
setup-plural-bomb = Bommen
setup-plural-flag = Vlaggen

## Set-up keys: footer and help (src/ui/setup.rs)

setup-keys-pick-swap = oppakken/wisselen
setup-keys-fill = vullen
setup-keys-clear = leegmaken
setup-keys-save-load = bewaren/laden
setup-keys-ready = klaar
setup-keys-chat = chat
setup-keys-help = hulp
setup-keys-leave = verlaten
setup-keys-load = laden
setup-keys-delete = wissen
setup-keys-close = sluiten
setup-help-cursor = de cursor over je opstellingsrijen bewegen
setup-help-pick = een stuk oppakken, nog eens om te wisselen / verplaatsen
setup-help-ready = klaar: de opstelling versturen
setup-help-marshal-modern = de Maarschalk (10) zetten
setup-help-ranks-modern = Generaal (9) .. Verkenner (2) zetten
setup-help-spy-modern = de Spion zetten
setup-help-ranks-classic = Maarschalk (1) .. Verkenner (9) zetten
setup-help-spy-marshal-classic = de Spion / de Maarschalk zetten
setup-help-bomb-flag = een Bom / de Vlag zetten
setup-help-drop = het opgepakte stuk terugzetten
setup-help-remove = het stuk weghalen
setup-help-fill = de lege velden vullen zoals de computer (nog eens: het hele leger opnieuw)
setup-help-clear = het bord leegmaken (vraagt eerst)
setup-help-save-load = deze opstelling bewaren / een bewaarde laden
setup-help-mouse = klik op velden om op te pakken en te wisselen, op rangen om te zetten
setup-help-chat = chat
setup-help-settings = instellingen
setup-help-leave = de partij verlaten
setup-help-abort = de partij zonder uitslag beëindigen (er wordt niets vastgelegd)
setup-help-choose = een bewaarde opstelling kiezen
setup-help-load = haar laden
setup-help-delete = haar wissen
setup-help-close = de lijst sluiten

## Help: key names the help tables need besides core.ftl's (src/ui/lobby.rs, src/ui/setup.rs)

help-keys-left-right-hl = Links / Rechts, h / l
help-keys-page-ends = PgUp/PgDn, Home/End
help-keys-ready = d (of Enter als ze compleet is)
help-keys-marshal = 0 of x, X
help-keys-spy = 1 of s
form-days = { $days ->
        [one] 1 dag per zet (correspondentie)
       *[other] { $days } dagen per zet (correspondentie)
    }
form-days-budget = { $days ->
        [one] 1 dag per zet
       *[other] { $days } dagen per zet
    }, { $budget } dagen in totaal (correspondentie)
form-budget = Totale tijd
form-budget-none = geen: elke zet heeft zijn dagen
form-budget-days = { $budget } dagen voor al je zetten
form-about-budget = De tijd van een correspondentiepartij voor alle zetten van een speler: elke zet verbruikt wat hij duurde, en moet gedaan zijn binnen zijn dagen of voordat de totale tijd op is, wat het eerst komt. Is die op, dan verlies je op tijd.
