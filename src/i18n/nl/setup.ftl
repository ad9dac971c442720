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
form-chasing-on = aan: geen eindeloze jacht
form-chasing-off = uit: jagen toegestaan
form-aggressor = Aanvallersvoordeel
form-aggressor-on = aan: bij gelijke rang wint de aanvaller
form-aggressor-off = uit: bij gelijke rang vallen beide
form-silent = Stille verdediging
form-silent-on = aan: alleen de aanvaller getoond
form-silent-off = uit: beide rangen getoond
form-rescue = Redding
form-rescue-on = aan: de achterste rij bevrijdt een stuk
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
form-rated-on = met rating
form-rated-off = vrijblijvend: rating blijft gelijk
form-clock = Klok
form-custom-clock = minuten+seconden
form-private-to = Alleen voor (privé)
form-anyone = (iedereen)
form-about-agent = bot-{ $name }: een ander programma dat deze server draait. Het speelt Klassiek zonder tweevakken- en achtervolgingsregel (de regels waarvoor het geschreven is); vrijblijvend.
form-about-random = Willekeurig: de computer speelt een willekeurige geldige zet.
form-about-easy = Makkelijk: een zachte tegenstander voor een eerste partij.
form-about-hard = Moeilijk: de computer speelt om te winnen.
form-about-classic = Klassiek: het hele leger, 40 stukken elk, in vier rijen.
form-about-duel = Duel: een snelle partij met 10 stukken elk.
form-about-barrage = Barrage: een snelle partij met 8 stukken elk.
form-about-two-square = Een stuk mag hoogstens { $count } keer achter elkaar heen en weer tussen dezelfde twee vakken.
form-about-chasing = Achtervolgingsregel (meervakkenregel): een stuk dat een ander achtervolgt, mag geen stelling van dezelfde jacht herhalen.
form-about-aggressor = Als twee stukken van dezelfde rang elkaar treffen: aan, de aanvaller wint; uit, beide vallen.
form-about-silent = In een gevecht, aan: alleen de rang van de aanvaller wordt getoond (beide als een Verkenner aanvalt); uit: beide rangen worden getoond.
form-about-rescue = Een stuk dat de achterste rij van de tegenstander betreedt (niet door aan te vallen), haalt één geslagen stuk terug, hoogstens twee keer per speler.
form-about-duel-rows = In hoeveel rijen elke kant zich opstelt bij Duel.
form-about-immobility = Als die aan zet is: een kant zonder geldige zet verliest wanneer die aan zet is. Meteen: een kant waarvan alle stukken vastzitten, verliest direct na de zet (beide vast: remise).
form-about-rated = Partijen met rating veranderen de rating van beide spelers; vrijblijvende partijen niet.
form-about-clock = De bedenktijd van elke speler voor de hele partij, plus seconden erbij na elke zet.
form-about-private-to = De naam van een speler: alleen die ziet de uitnodiging (een uitdaging). Leeg: iedereen mag aannemen.
form-error-guest-rated = Gasten spelen vrijblijvend: log in met een sleutel om met rating te spelen
form-error-custom-clock = eigen klok: typ minuten+toeslag, zoals 15+10
form-error-not-a-clock = '{ $text }' is geen klok: typ minuten+toeslag, zoals 10+5
form-error-clock-range = klok: 1 tot 180 minuten, toeslag tot 180 seconden
form-error-whom = Wie daag je uit? Typ een naam
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
