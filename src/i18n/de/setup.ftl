# Set-up (de): the set-up screen, the seek / challenge / computer forms, the help's parts.

## Seek, challenge and computer forms (src/ui/dialog.rs)

form-title-seek = Neues Angebot
form-title-challenge = Herausforderung
form-title-bot = Gegen den Computer
form-level = Stufe des Computers
form-level-random = zufällig
form-level-easy = leicht
form-level-hard = schwer
form-variant = Variante
form-two-square = Zwei-Felder-Regel
form-moves = { $count ->
        [one] 1 Zug
       *[other] { $count } Züge
    }
form-chasing = Verfolgungsregel
form-chasing-on = an: keine endlose Jagd
form-chasing-off = aus: Jagen erlaubt
form-aggressor = Angreifervorteil
form-aggressor-on = an: bei Gleichstand siegt der Angreifer
form-aggressor-off = aus: Gleichstand schlägt beide
form-silent = Stille Verteidigung
form-silent-on = an: nur der Angreifer wird gezeigt
form-silent-off = aus: beide Ränge werden gezeigt
form-rescue = Rettung
form-rescue-on = an: die hintere Reihe befreit eine Figur
form-rescue-off = aus
form-duel-rows = Aufstellungsreihen im Duell
form-rows = { $count ->
        [one] 1 Reihe
       *[other] { $count } Reihen
    }
form-rows-duel-only = { $count ->
        [one] 1 Reihe (nur Duell)
       *[other] { $count } Reihen (nur Duell)
    }
form-immobility = Wer nicht ziehen kann
form-immobility-on-turn = verliert, wenn er am Zug ist
form-immobility-immediate = verliert sofort
form-rated = Wertung
form-rated-guest = ungewertet (Gäste)
form-rated-on = gewertet
form-rated-off = ungewertet: keine Änderung der Wertung
form-clock = Uhr
form-custom-clock = Minuten+Sekunden
form-private-to = Nur für (privat)
form-anyone = (alle)
form-about-agent = bot-{ $name }: ein anderes Programm, das dieser Server laufen lässt. Es spielt Klassisch ohne Zwei-Felder- und Verfolgungsregel (die Regeln, für die es geschrieben wurde); ungewertet.
form-about-random = Zufällig: der Computer spielt irgendeinen erlaubten Zug.
form-about-easy = Leicht: ein sanfter Gegner für die erste Partie.
form-about-hard = Schwer: der Computer spielt auf Sieg.
form-about-classic = Klassisch: die ganze Armee, je 40 Figuren, in vier Reihen.
form-about-duel = Duell: eine schnelle Partie mit je 10 Figuren.
form-about-barrage = Barrage: eine schnelle Partie mit je 8 Figuren.
form-about-two-square = Eine Figur darf höchstens { $count }-mal hintereinander zwischen denselben zwei Feldern hin- und herziehen.
form-about-chasing = Verfolgungsregel (Mehr-Felder-Regel): eine Figur, die eine andere jagt, darf keine Stellung derselben Jagd wiederholen.
form-about-aggressor = Wenn zwei Figuren gleichen Rangs aufeinandertreffen: an, der Angreifer gewinnt; aus, beide werden geschlagen.
form-about-silent = Im Kampf, an: nur der Rang des Angreifers wird gezeigt (beide, wenn ein Aufklärer angreift); aus: beide Ränge werden gezeigt.
form-about-rescue = Eine Figur, die die hintere Reihe des Gegners betritt (nicht durch Angriff), holt eine geschlagene Figur zurück, höchstens zweimal je Spieler.
form-about-duel-rows = In wie vielen Reihen jede Seite im Duell aufstellt.
form-about-immobility = Wenn am Zug: eine Seite ohne erlaubten Zug verliert, wenn sie ziehen müsste. Sofort: eine Seite, deren Figuren alle blockiert sind, verliert gleich nach dem Zug (beide blockiert: Remis).
form-about-rated = Gewertete Partien ändern die Wertung beider Spieler, ungewertete nicht.
form-about-clock = Die Bedenkzeit jedes Spielers für die ganze Partie, plus Sekunden nach jedem seiner Züge.
form-about-private-to = Der Name eines Spielers: nur er sieht das Angebot (eine Herausforderung). Leer: jeder darf annehmen.
form-error-guest-rated = Gäste spielen ungewertet: melde dich mit einem Schlüssel an, um gewertet zu spielen
form-error-custom-clock = eigene Uhr: Minuten+Zuschlag eingeben, etwa 15+10
form-error-not-a-clock = '{ $text }' ist keine Uhr: Minuten+Zuschlag eingeben, etwa 10+5
form-error-clock-range = Uhr: 1 bis 180 Minuten, Zuschlag bis 180 Sekunden
form-error-whom = Wen forderst du heraus? Gib einen Namen ein
form-keys-field = Feld
form-keys-change = ändern
form-keys-cancel = abbrechen
form-keys-post = anbieten
form-keys-challenge = herausfordern
form-keys-play = spielen
form-own-rules = eigene Regeln
form-no-clock = ohne Uhr
form-clock-words = { $minutes } Min. + { $seconds } s pro Zug
form-rules-two-square = Zwei-Felder-Regel { $count ->
        [one] 1 Zug
       *[other] { $count } Züge
    }
form-rules-no-two-square = keine Zwei-Felder-Regel
form-rules-chasing = Verfolgungsregel
form-rules-no-chasing = keine Verfolgungsregel
form-rules-aggressor = bei Gleichstand siegt der Angreifer
form-rules-silent = nur der Angreifer wird gezeigt
form-rules-rescue = Rettung
form-rules-immobility = eine blockierte Seite verliert sofort
form-rules-duel-rows = Aufstellung in { $count } Reihen
