# Browse (de): die Rangliste, Profile, Partienlisten, Partien zum Nachspielen und die Spielregeln.

## Leaderboard (src/ui/browse.rs)

browse-leaders-header = Rangliste
browse-leaders-tabs-hint = Links/Rechts oder 1 2 3: Variante
browse-leaders-title = Rangliste { $variant }
browse-head-rank = Platz
browse-head-player = Spieler
browse-head-rating = Wertung
browse-head-games = Partien
browse-head-wdl = S/R/N
browse-you = (du)
browse-loading-leaderboard = Rangliste wird geladen …
browse-no-players = noch keine gewerteten Spieler

## Profile (src/ui/browse.rs)

browse-profile-of = Profil von { $nick }
browse-profile-of-you = Profil von { $nick } (du)
browse-renamed-already = Name schon geändert (nur einmal möglich)
browse-rename-once = r: Namen ändern (einmal)
browse-ratings-title = { $nick }: Wertungen
browse-guest-text = { $nick } ist Gast: ein Gast hat kein gespeichertes Profil (keine Wertung, keine gespeicherten Partien, nur ungewertete Partien). Wer mit einem SSH-Schlüssel spielt, behält Namen, Wertung und Partien.
browse-recent-title = Letzte Partien
browse-recent-title-of = Letzte Partien ({ $variant })
browse-loading-profile = Profil wird geladen …
browse-no-ratings = noch keine gewerteten Partien
browse-no-history = noch kein Verlauf
browse-last-rated = { $count ->
        [one] letzte gewertete Partie
       *[other] letzte { $count } gewertete Partien
    }
browse-rating-games = { $count ->
        [one] 1 Partie
       *[other] { $count } Partien
    }
browse-no-games-yet = noch keine Partien
browse-all-variants = alle Varianten
browse-notice-wait-profile = Warte, bis das Profil geladen ist
browse-notice-renamed = Du hast deinen Namen schon geändert: das geht nur einmal

## Game lists (src/ui/browse.rs)

browse-games-header = Partien
browse-games-mine = Meine Partien ({ $nick })
browse-games-of = Partien von { $nick }
browse-games-recent = Neueste Partien
browse-games-count = { $title } ({ $count })
browse-tab-mine = meine
browse-tab-recent = neueste
browse-tab-list = Tab: Liste
browse-tab-variant = Variante:
browse-tab-variant-keys = (Links/Rechts)
browse-loading-games = Partien werden geladen …
browse-no-finished = hier keine beendeten Partien
browse-head-id = Nr.
browse-head-players = Rot gegen Blau
browse-head-variant = Variante
browse-head-rated = Wertung
browse-head-result = Ergebnis
browse-head-moves = Züge
browse-head-ended = Ende (UTC)
browse-head-date = Datum (UTC)
browse-vs = gegen
browse-rated = gewertet
browse-casual = ungewertet

## Results in words (src/ui/browse.rs, src/ui/replay.rs)

browse-unfinished = nicht beendet
browse-result-won = { $color } gewinnt { $dash } { $reason }
browse-result-draw = Remis { $dash } { $why }
browse-draw-agreed = vereinbart
browse-draw-move-limit = Zuggrenze
browse-you-won = gewonnen { $dash } { $reason }
browse-you-lost = verloren { $dash } { $reason }

## Keys of the leaderboard, profile and game lists (src/ui/browse.rs)

browse-help-leaders = Tasten der Rangliste
browse-help-profile = Tasten des Profils
browse-help-games = Tasten der Partienliste
browse-key-left-right-123 = Links / Rechts, 1 2 3
browse-key-h-l-tab = h / l, Tab / Umschalt-Tab
browse-key-h-l = h / l
browse-key-m-r = m / r
browse-key-pages = Bild↑/Bild↓, Pos1/Ende
browse-keys-select = wählen
browse-keys-variant = Variante
browse-keys-profile = Profil
browse-keys-my-profile = mein Profil
browse-keys-back = zurück
browse-keys-help = Hilfe
browse-keys-replay = nachspielen
browse-keys-all-games = alle Partien
browse-keys-rename = umbenennen
browse-keys-mine-recent = meine/neueste
browse-help-page = eine Seite hoch / runter, erste / letzte
browse-help-shift = vorige / nächste Variante
browse-help-variant = Variante: alle / Klassisch / Duell / Barrage
browse-help-back = zurück
browse-help-settings = Einstellungen
browse-help-select-player = Spieler wählen
browse-help-variants = Klassisch / Duell / Barrage
browse-help-open-profile = Profil des gewählten Spielers
browse-help-my-profile = mein Profil
browse-help-mouse-profile = Klick wählt, zweiter Klick öffnet das Profil
browse-help-select-recent = eine der letzten Partien wählen
browse-help-replay = die gewählte Partie nachspielen
browse-help-all-games = alle Partien dieses Spielers
browse-help-rename = meinen Namen ändern (einmal)
browse-help-mouse-replay = Klick wählt, zweiter Klick spielt nach
browse-help-select-game = Partie wählen
browse-help-sources = meine / neueste / die Partien des Spielers
browse-help-mine-recent = meine Partien / neueste Partien
browse-help-opponent = Profil des Gegners (bei neuesten Partien: Rot)

## Replay (src/ui/replay.rs)

replay-everything = alles aufgedeckt
replay-as-red = wie Rot es sah
replay-as-blue = wie Blau es sah
replay-all-revealed = Partie vorbei: alles aufgedeckt
replay-decimal-mark = ,
replay-seconds = { $seconds } s
replay-title = Nachspielen
replay-game = Partie #{ $id }
replay-loading = Partie zum Nachspielen wird geladen …
replay-at-start = Anfang, { $count ->
        [one] 1 Zug
       *[other] { $count } Züge
    }
replay-move-of = Zug { $number } von { $count }
replay-moved = , { $color } hat gezogen
replay-going-to = Zug { $number }
replay-playing = läuft
replay-paused = angehalten
replay-per-move = , { $speed } pro Zug (+/-)
replay-moves = Züge
replay-start-position = Anfangsstellung
replay-views = v: alle / Rot / Blau
replay-left = übrig
replay-ply-move = { $from }-{ $to }
replay-ply-battle = { $from }x{ $to } { $attacker }x{ $defender } { $result }
replay-ply-win = gewinnt
replay-ply-loss = verliert
replay-ply-tie = beide
replay-ply-unknown = ?
replay-ply-rescue = { $ply } +{ $rank }@{ $to }
replay-rules-no-two-square = keine Zwei-Felder-Regel
replay-rules-two-square = Zwei-Felder-Regel: { $count }
replay-rules-chasing = Verfolgungsregel
replay-rules-attacker-wins = Angreifer gewinnt bei Gleichstand
replay-rules-silent = stille Verteidigung
replay-rules-rescue = Rettung
replay-rules-blocked = blockierte Seite verliert
replay-rules-short-no-two-square = 2F:aus
replay-rules-short-two-square = 2F:{ $count }
replay-rules-short-chasing = VR
replay-rules-short-attacker = AV
replay-rules-short-silent = SV
replay-rules-short-rescue = Rettung
replay-rules-short-blocked = blockiert:verliert

## Replay keys (src/ui/replay.rs)

replay-help-title = Tasten zum Nachspielen
replay-key-down-up = Runter / Hoch, Bild↓ / Bild↑
replay-key-j-k = j / k
replay-key-ends = Pos1 / 0, Ende / $
replay-key-speed = + / -, = / _
replay-key-speed-short = +/-
replay-keys-step = Schritt
replay-keys-ends = Anfang/Ende
replay-keys-pause = Pause
replay-keys-play = abspielen
replay-keys-speed = Tempo
replay-keys-view = Sicht
replay-keys-flip = drehen
replay-help-forward = einen Zug vor
replay-help-back-one = einen Zug zurück
replay-help-ten = zehn Züge vor / zurück
replay-help-ends = Anfang / Ende der Partie
replay-help-play = abspielen / anhalten (am Ende: von vorn)
replay-help-speed = schneller / langsamer: 0,25 / 0,5 / 1 / 2 s pro Zug
replay-help-view = Sicht: alles / wie Rot es sah / wie Blau
replay-help-flip = das Brett drehen
replay-help-mouse = Mausrad blättert, ein Klick auf einen Zug springt dorthin
replay-keys-mistake = nächster Fehler
replay-help-mistake = der nächste Fehler, den die Analyse des Computers fand (? ein Fehler, ?? ein grober Fehler)
replay-analysis-move = Analyse von Zug { $number } ({ $color }):
replay-analysis-seen = nach Wissen
replay-analysis-hindsight = im Nachhinein
replay-analysis-judged = bester { $best } { $before }{ $arrow }{ $after }{ $mark }
replay-analysis-only = einziger Zug
replay-analysis-summary = Analyse: { $count ->
        [one] 1 Fehler
       *[other] { $count } Fehler
    } (n: der nächste)
replay-analysis-waiting = Analyse: wartet ({ $ahead ->
        [one] 1 Partie
       *[other] { $ahead } Partien
    } davor)
replay-analysis-running = Analyse: läuft
replay-analysis-full = Analyse: die Warteschlange ist voll; schau später wieder

## Rules page (src/ui/rules_page.rs)

rules-keys-rules = Spielregeln
rules-keys-scroll = blättern
rules-keys-page = Seite
rules-keys-close = schließen
rules-position = { $first }-{ $last } von { $count }
rules-title = Regeln von Stratego { $variant }
rules-goal = Ziel des Spiels
rules-goal-text =
    Erobere die gegnerische Fahne oder lass dem Gegner keine Figur, die noch ziehen
    kann. Jede Seite hat { $count } Figuren und sieht nur die Ränge der eigenen: eine
    gegnerische Figur zeigt ihren Rang erst, wenn sie gekämpft hat.
rules-pieces = Die Figuren, die stärkste zuerst
rules-count = { $count }×
rules-does-marshal = schlägt alle rangniedrigeren Figuren; fällt durch einen Spion, der ihn angreift
rules-does-general = schlägt alle rangniedrigeren Figuren
rules-does-officer = schlägt die Ränge unter sich
rules-does-miner = entschärft Bomben; schlägt Aufklärer und den Spion
rules-does-scout = springt beliebig weit in gerader Linie; schlägt nur den Spion
rules-does-spy = schlägt den Feldmarschall, wenn er selbst angreift; verliert gegen jeden anderen Rang
rules-does-bomb = zieht nie; schlägt jeden Angreifer außer einem Mineur
rules-does-flag = zieht nie; wer sie erobert, gewinnt
rules-moving = Ziehen
rules-moving-text =
    Eine Figur pro Zug, ein Feld weit, waagrecht oder senkrecht: niemals diagonal,
    niemals in einen See. Bomben und die Fahne ziehen nie. Ein Aufklärer springt
    beliebig weit über freie Felder in gerader Linie und darf am Ende seines Sprungs
    angreifen.
rules-battles = Wer schlägt wen
rules-battles-text =
    Eine Figur, die auf eine gegnerische Figur zieht, greift sie an. Der höhere Rang
    gewinnt und bleibt stehen; { $equal }. Der Spion schlägt den Feldmarschall nur,
    wenn er selbst angreift. Eine Bombe schlägt jeden Angreifer außer einem Mineur,
    der sie entschärft. Wer die Fahne erobert, gewinnt.
rules-equal-attacker = bei gleichem Rang gewinnt der Angreifer (Angreifervorteil)
rules-equal-both = bei gleichem Rang sind beide geschlagen
rules-silent =
    Stille Verteidigung: ein Kampf zeigt nur den Rang des Angreifers (greift ein
    Aufklärer an, auch den des Verteidigers).
rules-not-silent = Beide Ränge eines Kampfes werden beiden Spielern gezeigt.
rules-this-game = Die Regeln dieser Partie
rules-no-two-square = Keine Zwei-Felder-Regel: eine Figur darf beliebig oft hin- und herziehen.
rules-two-square =
    Zwei-Felder-Regel: eine Figur darf höchstens { $count }-mal hintereinander zwischen
    denselben zwei Feldern hin- und herziehen.
rules-chasing =
    Verfolgungsregel: eine Figur, die immer wieder dieselbe gegnerische Figur verfolgt,
    darf keine Stellung dieser Verfolgung wiederholen; der Verfolger muss abbrechen.
rules-no-chasing = Verfolgen ist nicht begrenzt (keine Verfolgungsregel).
rules-rescue =
    Rettung: eine Figur, die mit einem einfachen Zug die hinterste Reihe des Gegners
    erreicht, darf eine ihrer geschlagenen Figuren zurückholen (höchstens zweimal pro
    Partie).
rules-blocked-at-once = Eine Seite, deren bewegliche Figuren alle eingeschlossen sind, verliert sofort.
rules-blocked-on-turn = Eine Seite, die am Zug ist und nicht ziehen kann, verliert.
rules-cap-total = { $count ->
        [one] Die Partie endet Remis nach 1 Zug insgesamt.
       *[other] Die Partie endet Remis nach { $count } Zügen insgesamt.
    }
rules-cap-quiet = { $count ->
        [one] Die Partie endet Remis nach 1 Zug ohne Kampf.
       *[other] Die Partie endet Remis nach { $count } Zügen ohne Kampf.
    }
rules-setup =
    Jede Seite stellt ihre Armee auf ihren eigenen { $count } Reihen auf; r füllt sie so
    wie der Computer (die Fahne hinten, Bomben darum herum).
rules-board = Was das Brett zeigt
rules-sym-hidden = eine gegnerische Figur, die du noch nicht gesehen hast
rules-sym-moved = eine gegnerische Figur, die gezogen hat: keine Bombe und nicht die Fahne
rules-sym-lake = ein See: keine Figur darf ihn betreten
rules-sym-setup = die Aufstellungsreihen des Gegners, solange aufgestellt wird
rules-sym-empty = ein freies Feld
rules-sym-target = wohin die gewählte Figur ziehen darf
rules-sym-cursor = der Cursor; ( ) eine aufgenommene oder gewählte Figur
rules-board-text =
    Ein gegnerischer Rang, den du lesen kannst (unterstrichen), ist einer, den du
    gesehen hast; die Felder des letzten Zugs sind gelb und mit + markiert. Spalten
    heißen A bis J, Reihen 1 bis 10: ein Zug wird wie c4 c5 geschrieben (m tippt einen ein).

## The set-up library (src/ui/library.rs)
library-header = Aufstellungen
library-tabs-hint = ←/→ Variante
library-title = Deine Aufstellungen: { $variant }
library-head-name = Name
library-empty = Keine gespeicherten Aufstellungen für { $variant }: speichere eine mit S beim Aufstellen.
library-counting = zähle deine Partien…
library-no-games = Noch in keiner deiner beendeten Partien.
library-stats = { $games ->
        [one] 1 Partie
       *[other] { $games } Partien
    }: { $wins } gewonnen, { $draws } remis, { $losses } verloren
library-flag-taken = Fahne geschlagen von { $rank } im Zug { $ply }
library-flag-taken-unknown = Fahne geschlagen im Zug { $ply }
library-lost-by = Verloren durch { $reason }: { $count }
library-games-read = Aus deinen { $games } beendeten Partien dieser Variante.
library-rename-prompt = Neuer Name: 
library-delete-confirm = '{ $name }' löschen? y löscht, jede andere Taste behält sie
library-deleted = '{ $name }' gelöscht
library-kept = Behalten: nichts gelöscht
library-name-taken-named = Du hast schon eine Aufstellung '{ $name }' für diese Variante
library-editing = Bearbeite '{ $name }': d speichert sie, q verlässt ohne Speichern
library-edit-dropped = Eine Partie hat begonnen: deine Änderungen an '{ $name }' wurden nicht gespeichert (die gespeicherte Aufstellung ist wie zuvor).
library-keys-edit = bearbeiten
library-keys-rename = umbenennen
library-keys-copy = kopieren
library-keys-delete = löschen
library-keys-mine = mein Explorer
library-keys-server = Server-Explorer
library-keys-confirm = löschen
library-help-title = Aufstellungen
library-help-select = eine Aufstellung wählen
library-help-edit = auf dem Aufstellungsbrett bearbeiten (d dort speichert sie)
library-help-rename = umbenennen
library-help-copy = eine Kopie unter neuem Namen speichern
library-help-delete = löschen (fragt vorher)
library-help-mine = der Aufstellungs-Explorer deiner eigenen Partien
library-help-server = der Aufstellungs-Explorer der Partien des Servers (anonym)
library-help-stats-key = Partien
library-help-stats = gezählt werden die beendeten Partien, deren Armee genau diese Aufstellung war (beide Farben)

## The set-up explorer (src/ui/library.rs)
explorer-header = Aufstellungs-Explorer
explorer-tabs-hint = ←/→ Variante
explorer-title-mine = { $variant }: deine Partien
explorer-title-server = { $variant }: die Partien des Servers
explorer-loading = lese beendete Partien…
explorer-armies = { $armies ->
        [one] 1 Armee
       *[other] { $armies } Armeen
    } · { $what }
explorer-server-note = Partien, die beide Spieler beendet haben, nur öffentliche; kein Name wird gezeigt.
explorer-show-flags = Fahnen je Feld
explorer-show-bombs = Bomben je Feld
explorer-show-score = Ergebnis einer Fahne je Feld (%)
explorer-common-title = Mehrfach gespielte Aufstellungen (Partien, Ergebnis, Aufstellung ab der hinteren Reihe)
explorer-common-none = Keine Aufstellung wurde zweimal gespielt.
explorer-keys-heat = Fahnen/Bomben/Ergebnis
explorer-keys-whose = meine/Server
explorer-help-title = Aufstellungs-Explorer
explorer-help-select = eine häufige Aufstellung wählen
explorer-help-flags = zeigen, wo die Fahnen standen
explorer-help-bombs = zeigen, wo die Bomben standen
explorer-help-score = zeigen, wie jedes Fahnenfeld abschnitt
explorer-help-whose = deine eigenen Partien oder die des Servers
