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
form-chasing-on = an: keine endlose Verfolgung
form-chasing-off = aus: Verfolgen erlaubt
form-aggressor = Angreifervorteil
form-aggressor-on = an: bei Gleichstand siegt der Angreifer
form-aggressor-off = aus: Gleichstand schlägt beide
form-silent = Stille Verteidigung
form-silent-on = an: nur der Angreifer wird gezeigt
form-silent-off = aus: beide Ränge werden gezeigt
form-rescue = Rettung
form-rescue-on = an: die hintere Reihe rettet eine Figur
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
form-rated-private = ungewertet (private Partien sind es)
form-clock = Uhr
form-custom-clock = Minuten+Sekunden
form-private-to = Nur für (Herausforderung)
form-anyone = (alle)
form-private = Privat
form-private-on = ja: nur ihr zwei wisst von der Partie
form-private-off = nein: gelistet wie jede Partie
form-about-agent = bot-{ $name }: ein anderes Programm, das dieser Server laufen lässt. Es spielt Klassisch ohne Zwei-Felder- und Verfolgungsregel (die Regeln, für die es geschrieben wurde); ungewertet.
form-about-random = Zufällig: der Computer spielt irgendeinen erlaubten Zug.
form-about-easy = Leicht: ein sanfter Gegner für die erste Partie.
form-about-hard = Schwer: der Computer spielt auf Sieg.
form-about-classic = Klassisch: die ganze Armee, je 40 Figuren, in vier Reihen.
form-about-duel = Duell: eine schnelle Partie mit je 10 Figuren.
form-about-barrage = Barrage: eine schnelle Partie mit je 8 Figuren.
form-about-two-square = Eine Figur darf höchstens { $count }-mal hintereinander zwischen denselben zwei Feldern hin- und herziehen.
form-about-chasing = Verfolgungsregel: eine Figur, die eine andere verfolgt, darf keine Stellung derselben Verfolgung wiederholen.
form-about-aggressor = Wenn zwei Figuren gleichen Rangs aufeinandertreffen: an, der Angreifer gewinnt; aus, beide werden geschlagen.
form-about-silent = Im Kampf, an: nur der Rang des Angreifers wird gezeigt (beide, wenn ein Aufklärer angreift); aus: beide Ränge werden gezeigt.
form-about-rescue = Eine Figur, die die hintere Reihe des Gegners betritt (nicht durch Angriff), holt eine geschlagene Figur zurück, höchstens zweimal je Spieler.
form-about-duel-rows = In wie vielen Reihen jede Seite im Duell aufstellt.
form-about-immobility = Wenn am Zug: eine Seite ohne erlaubten Zug verliert, wenn sie ziehen müsste. Sofort: eine Seite, deren Figuren alle blockiert sind, verliert gleich nach dem Zug (beide blockiert: Remis).
form-about-rated = Gewertete Partien ändern die Wertung beider Spieler, ungewertete nicht.
form-about-clock = Die Bedenkzeit jedes Spielers für die ganze Partie, plus Sekunden nach jedem seiner Züge.
form-about-private-to = Der Name eines Spielers: nur er sieht das Angebot (eine Herausforderung). Leer: jeder darf annehmen.
form-about-private = Privat: niemand außer euch beiden erfährt, dass es die Partie gibt (keine Liste, keine Zuschauer, keine Webseite). Wertungen sind öffentlich, also ist eine private Partie ungewertet.
form-error-guest-rated = Gäste spielen ungewertet: melde dich mit einem Schlüssel an, um gewertet zu spielen
form-error-custom-clock = eigene Uhr: Minuten+Zuschlag eingeben, etwa 15+10
form-error-not-a-clock = '{ $text }' ist keine Uhr: Minuten+Zuschlag eingeben, etwa 10+5
form-error-clock-range = Uhr: 1 bis 180 Minuten, Zuschlag bis 180 Sekunden
form-error-whom = Wen forderst du heraus? Gib einen Namen ein
form-error-private-rated = Eine private Partie ist ungewertet (Wertungen sind öffentlich): stelle Privat auf nein, um gewertet zu spielen
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

## Set-up screen (src/ui/setup.rs)

setup-not-your-square = { $square } ist keines deiner Aufstellungsfelder
setup-variant-has-no = { $variant } hat keinen { $rank }
setup-all-placed = { $count ->
        [one] { $ranks } ist schon gesetzt
       *[other] Alle { $count } { $ranks } sind gesetzt
    }
setup-nothing-to-pick = Hier ist nichts aufzunehmen: tippe eine Rangtaste, um eine Figur zu setzen
setup-filled-all = Wie der Computer aufgestellt: Leertaste tauscht Figuren, oder noch einmal r
setup-filled-rest = { $count ->
        [one] Die leeren Felder wie der Computer gefüllt; deine gesetzte Figur bleibt (noch einmal r: die ganze Armee neu)
       *[other] Die leeren Felder wie der Computer gefüllt; deine { $count } gesetzten Figuren bleiben (noch einmal r: die ganze Armee neu)
    }
setup-name-needed = Eine gespeicherte Aufstellung braucht einen Namen
setup-saved = Gespeichert als '{ $name }'
setup-loaded = '{ $name }' geladen
setup-loaded-but = '{ $name }' geladen, aber: { $error }
setup-sent-waiting = Aufstellung gesendet: warte auf deinen Gegner
setup-not-ready = Noch nicht bereit: { $error }
setup-is-sent = Deine Aufstellung ist gesendet: warte auf deinen Gegner
setup-complete-first = Stelle erst vollständig auf, dann speichern ({ $error })
setup-no-saved = Noch keine gespeicherten Aufstellungen für { $variant }: S speichert diese
setup-places-no-piece = '{ $key }' setzt keine Figur: siehe die Liste rechts
setup-already-empty = Dieses Feld ist schon leer
setup-empty-already = Das Brett ist schon leer: setze deine Figuren, oder r füllt es
setup-cleared = Geleert: setze deine Figuren, oder r füllt es
setup-error-count = { $found } { $ranks } gesetzt, die Armee hat { $expected }
setup-error-outside = { $square } liegt außerhalb deiner Aufstellungsreihen
setup-error-lake = { $square } ist ein See: dort darf nichts stehen
setup-error-twice = { $square } ist doppelt belegt
setup-title-watching = Die Spieler stellen auf
setup-title-watching-left = Aufstellung: noch { $time }
setup-title-sent = Gesendet: warte auf deinen Gegner
setup-title-sent-left = Gesendet: dein Gegner hat noch { $time }
setup-title-arrange = Stelle deine Armee auf ({ $color })
setup-title-arrange-left = noch { $time } { $dash } Stelle deine Armee auf ({ $color })
setup-head-key = Taste
setup-head-piece = Figur
setup-head-left = übrig
setup-placed = { $placed } von { $total } gesetzt
setup-save-as = speichern als:
setup-tip = Pfeile bewegen, Rangtasten setzen, Leertaste nimmt auf/tauscht, Entf entfernt
setup-saved-title = Gespeicherte Aufstellungen: { $variant }
setup-plural-marshal = Feldmarschälle
setup-plural-general = Generäle
setup-plural-colonel = Oberste
setup-plural-major = Majore
setup-plural-captain = Hauptleute
setup-plural-lieutenant = Leutnants
setup-plural-sergeant = Unteroffiziere
setup-plural-miner = Mineure
setup-plural-scout = Aufklärer
setup-plural-spy = Spione
setup-plural-bomb = Bomben
setup-plural-flag = Fahnen

## Set-up keys: footer and help (src/ui/setup.rs)

setup-keys-pick-swap = aufnehmen/tauschen
setup-keys-fill = füllen
setup-keys-clear = leeren
setup-keys-save-load = speichern/laden
setup-keys-ready = fertig
setup-keys-chat = Chat
setup-keys-help = Hilfe
setup-keys-leave = verlassen
setup-keys-load = laden
setup-keys-delete = löschen
setup-keys-close = schließen
setup-help-cursor = den Cursor auf deinen Aufstellungsreihen bewegen
setup-help-pick = eine Figur aufnehmen, noch einmal zum Tauschen / Versetzen
setup-help-ready = fertig: die Aufstellung senden
setup-help-marshal-modern = den Feldmarschall (10) setzen
setup-help-ranks-modern = General (9) .. Aufklärer (2) setzen
setup-help-spy-modern = den Spion setzen
setup-help-ranks-classic = Feldmarschall (1) .. Aufklärer (9) setzen
setup-help-spy-marshal-classic = den Spion / den Feldmarschall setzen
setup-help-bomb-flag = eine Bombe / die Fahne setzen
setup-help-drop = die aufgenommene Figur zurückstellen
setup-help-remove = die Figur entfernen
setup-help-fill = die leeren Felder wie der Computer füllen (noch einmal: die ganze Armee neu)
setup-help-clear = das Brett leeren (fragt vorher)
setup-help-save-load = diese Aufstellung speichern / eine gespeicherte laden
setup-help-mouse = Felder anklicken zum Aufnehmen und Tauschen, Ränge zum Setzen
setup-help-chat = Chat
setup-help-settings = Einstellungen
setup-help-leave = die Partie verlassen
setup-help-abort = die Partie ohne Ergebnis beenden (nichts wird gespeichert)
setup-help-choose = eine gespeicherte Aufstellung wählen
setup-help-load = sie laden
setup-help-delete = sie löschen
setup-help-close = die Liste schließen

## Help: key names the help tables need besides core.ftl's (src/ui/lobby.rs, src/ui/setup.rs)

help-keys-left-right-hl = Links / Rechts, h / l
help-keys-page-ends = Bild↑/Bild↓, Pos1/Ende
help-keys-ready = d (oder Enter, wenn vollständig)
help-keys-marshal = 0 oder x, X
help-keys-spy = 1 oder s
form-days = { $days ->
        [one] 1 Tag je Zug (Fernpartie)
       *[other] { $days } Tage je Zug (Fernpartie)
    }
form-days-budget = { $days ->
        [one] 1 Tag je Zug
       *[other] { $days } Tage je Zug
    }, { $budget } Tage insgesamt (Fernpartie)
form-budget = Gesamtzeit
form-budget-none = keine: jeder Zug hat seine Tage
form-budget-days = { $budget } Tage für alle deine Züge
form-about-budget = Die Zeit einer Fernpartie für alle Züge eines Spielers: jeder Zug verbraucht, was er dauerte, und ist fällig nach seinen Tagen oder wenn die Gesamtzeit aufgebraucht ist, was früher kommt. Ist sie aufgebraucht, verlierst du auf Zeit.
