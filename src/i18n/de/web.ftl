# web (de)

## Every page (src/web/pages.rs, src/web/lang.rs)

web-nav-home = Stratego über SSH
web-languages = Sprachen
web-not-found = Nicht gefunden
web-bad-request = Ungültige Anfrage
web-server-error = Serverfehler
web-server-error-text = Der Server konnte seine Daten nicht lesen; versuch es später noch einmal.
web-no-such-page = Diese Seite gibt es nicht.
web-no-such-game = Es gibt keine Partie #{ $id }.
web-bad-ply = „{ $text }“ ist kein Halbzug: gib eine Zahl ab 0 (der Anfang) an
web-bad-view = view muss all, red oder blue sein
web-past-the-end = Diese Seite gibt es nicht: es { $pages ->
    [one] gibt nur 1 Seite
   *[other] gibt { $pages } Seiten
}.
web-bad-page = „{ $text }“ ist keine Seitenzahl: gib eine Zahl ab 1 an
web-no-such-leaderboard = Diese Rangliste gibt es nicht: classic, duel oder barrage.
web-no-such-player = Diesen Spieler gibt es nicht.
web-rated = gewertet
web-casual = ungewertet
web-vs = gegen
web-reload = neu laden
web-as-text = Als Text:
web-as-json = Als JSON:
web-as-json-lower = als JSON:
web-none-yet = Noch keine.
web-no-clock = ohne Uhr

## Front page (src/web/pages.rs)

web-home-title = Stratego auf { $host }
web-connect-heading = So verbindest du dich
web-connect-terminal = In einem Terminal:
web-connect-host-key = Beim ersten Mal zeigt dein SSH-Client den Host-Schlüssel des Servers. Prüfe, ob es dieser ist:
web-connect-guest = Kein Schlüssel? Du kannst trotzdem als Gast spielen (ungewertete Partien).
web-now = Jetzt
web-now-counts = { $players } Spieler online, { $games ->
    [one] { $games } Partie läuft
   *[other] { $games } Partien laufen
}.
web-watch-live = Laufenden Partien zuschauen
web-watch-live-note = (im Web oder per SSH aus der Lobby).
web-live-item = { $red } gegen { $blue }, { $variant }, Zug { $ply }
web-leaderboards = Ranglisten
web-no-rated-games = Noch keine gewerteten Partien ({ $variant }).

## Leaderboard (src/web/pages.rs)

web-leaderboard-title = Rangliste { $variant }
web-leaderboard-empty = Noch keine gewerteten Partien ({ $variant }): Spieler erscheinen hier nach ihrer ersten.
web-leaderboard-provisional = Eine mit ? markierte Wertung ist vorläufig (ihre Abweichung liegt über { $max }): Sie kommt in die Rangliste, sobald sie sich gefestigt hat.
web-col-rank = Platz
web-col-nick = Name
web-col-rating = Wertung
web-col-games = Partien
web-col-won = S
web-col-drawn = R
web-col-lost = N
web-page-of = Seite { $page } von { $pages }
web-previous = zurück
web-next = weiter

## Player page and game lists (src/web/pages.rs, src/web/board.rs)

web-won = { $nick } ({ $color }) gewann: { $reason }
web-no-winner = kein Sieger: { $reason }
web-unfinished = nicht beendet
web-col-game = Partie
web-col-variant = Variante
web-col-result = Ergebnis
web-col-moves = Züge
web-no-rated-yet = Noch keine gewerteten Partien.
web-wdl = { $games ->
    [one] { $games } gewertete Partie
   *[other] { $games } gewertete Partien
}: { $wins } gewonnen, { $draws } remis, { $losses } verloren
web-recent-games = Letzte Partien
web-json-player = Spieler
web-json-games = alle beendeten Partien (ndjson)
web-plot-label = Wertung nach jeder der { $count } gewerteten Partien, von { $low } bis { $high }
web-plot-point = Partie { $game }: { $rating }

## Game page, finished (src/web/pages.rs, src/web/board.rs, src/web/step.js)

web-game-page-title = Partie #{ $id }: { $red } gegen { $blue }
web-game-heading = Partie #{ $id }
web-game-played = Gespielt von { $start } bis { $end } UTC
web-game-rules = Regeln: { $rules }
web-game-in-tournament = Gespielt im Turnier { $tournament }.
web-game-in-round = Gespielt im Turnier { $tournament }, Runde { $round }.
web-result = Ergebnis:
web-view-all = alles aufgedeckt
web-view-as = wie { $color } es sah
web-step-first = Anfang
web-step-prev = zurück
web-step-next = weiter
web-step-last = Ende
web-step-play = abspielen
web-step-pause = anhalten
web-step-play-title = Die Partie von selbst ablaufen lassen (Leertaste); ← → Pos1 Ende: Schritt für Schritt
web-ply-of = Halbzug { $ply } von { $plies }
web-last-move = Letzter Zug:
web-battle-before = Kampf davor:
web-game-over = Partie beendet:
web-to-move = { $color } am Zug
web-captured = Geschlagen:
web-go-to-ply = Gehe zu Halbzug
web-go = los
web-moves = Züge
web-earlier-moves = frühere Züge
web-later-moves = spätere Züge
web-download = Herunterladen:
web-board = Spielbrett
web-piece = { $rank } ({ $color })
web-piece-unknown = unbekannte Figur ({ $color })
web-unknown-piece = unbekannte Figur
web-battle-won = { $attacker } von { $mover } griff { $defender } von { $other } an und gewann
web-battle-lost = { $attacker } von { $mover } griff { $defender } von { $other } an und verlor
web-battle-flag = { $attacker } von { $mover } griff { $defender } von { $other } an und eroberte die Fahne
web-battle-bomb = { $attacker } von { $mover } griff { $defender } von { $other } an und entschärfte sie
web-battle-both = { $attacker } von { $mover } griff { $defender } von { $other } an: beide scheiden aus
web-moved = { $mover } zog
web-rescue = ; { $rank } gerettet auf { $square }

## Games in play (src/web/live.rs)

web-live-page-title = Partie #{ $id }: { $red } gegen { $blue } (läuft)
web-clock = Bedenkzeit { $clock }
web-clock-running = läuft
web-seat-present = anwesend
web-seat-away = weg (in der Lobby)
web-seat-disconnected = Verbindung getrennt
web-seat-ready = bereit
web-seat-placing = stellt noch auf
web-setting-up = Aufstellung: Die Spieler stellen ihre Figuren auf.
web-ply = Halbzug { $ply }
web-draw-offer = { $color } bietet Remis an.
web-watching = { $count ->
    [one] { $count } schaut zu
   *[other] { $count } schauen zu
}
web-no-move-yet = Noch kein Zug.
web-earlier-not-shown = { $count } frühere Züge nicht gezeigt (im { $json }, je 100).
web-the-json = JSON
web-live-reload = Die Partie läuft: { $reload }, um sie so zu sehen, wie sie jetzt steht (mit JavaScript folgt diese Seite ihr von selbst).
web-live-refused = Diese Seite kann nicht live folgen: Von deiner Adresse (oder auf dem Server) sind zu viele Live-Seiten offen. Sie prüft stattdessen alle 5 Sekunden auf Änderungen.
web-ended-without-result = die Partie endete ohne Ergebnis
web-no-longer-in-play = die Partie läuft nicht mehr
web-live-games = Laufende Partien
web-no-live-games = Gerade läuft keine öffentliche Partie.
web-col-watching = Zuschauer

## Tournaments (src/web/tournaments.rs)

web-tournaments = Turniere
web-no-such-tournament = Dieses Turnier gibt es nicht.
web-no-such-tournament-id = Es gibt kein Turnier #{ $id }.
web-none-running-or-announced = Keines läuft, keines ist angekündigt.
web-recent-ones = Die letzten
web-all-tournaments = Alle Turniere
web-all-tournaments-lower = alle Turniere
web-col-tournament = Turnier
web-col-format = Modus
web-col-when = Wann
web-col-players = Spieler
web-col-by = Von
web-running = Laufend
web-upcoming = Angekündigt
web-recently-finished = Kürzlich beendet
web-none-running = Gerade läuft keines.
web-none-announced = Keines angekündigt.
web-to-join = Zum Mitspielen verbinde dich per SSH und öffne das Turnier in der Lobby.
web-format-arena = Arena { $minutes } Min.
web-format-swiss = Schweizer System, { $rounds ->
    [one] { $rounds } Runde
   *[other] { $rounds } Runden
}
web-status-upcoming = angekündigt
web-status-running = läuft
web-status-finished = beendet
web-status-cancelled = abgesagt
web-starts = beginnt { $time } UTC
web-round-of = Runde { $round } von { $rounds }
web-ends = endet { $time } UTC
web-entry-anyone = offen für alle
web-entry-key-holders = nur mit Schlüssel
web-entry-invited = eingeladen: { $nicks }
web-min-rated-games = { $count ->
        [one] ab 1 gewerteten Partie
       *[other] ab { $count } gewerteten Partien
    }
web-mark-win = S
web-mark-draw = R
web-mark-loss = N
web-mark-bye = F
web-players-count = { $count } Spieler
web-standings = Tabelle
web-nobody-joined = Noch hat sich niemand angemeldet.
web-no-players = Keine Spieler.
web-col-player = Spieler
web-col-points = Punkte
web-col-perf = Leistung
web-col-buchholz = Buchholz
web-col-sb = SB
web-standing-paused = pausiert
web-standing-left = ausgestiegen
web-standing-absent = abwesend
web-standing-streak = in Serie (doppelte Punkte)
web-games-in-play-count = Laufende Partien ({ $count })
web-none-before-start = Keine vor dem Start.
web-no-games-in-play = Keine Partie läuft.
web-round = Runde { $round }
web-result-bye = Freilos
web-result-in-play = läuft
web-result-won = { $nick } gewann
web-result-draw = Remis
web-result-void = ungültig (kein Ergebnis)
web-games = Partien
web-col-round = Runde
web-tournament-rules = Regeln: { $rules }; erstellt von { $by }; beginnt { $starts } UTC
web-tournament-ends = ; endet { $ends } UTC
web-tournament-updates = Mit JavaScript aktualisiert sich die Seite von selbst; ohne: { $reload }.
web-finished-first = beendet: { $nick } auf Platz 1
web-server-stopping = der Server wird beendet

## Einen Browser anmelden (src/web/signin.rs)

web-login-title = Als { $nick } anmelden
web-login-explain = Dieser Link, mit web-login über SSH erzeugt, meldet diesen Browser als { $nick } an: deine Partien, Wertungen und gespeicherten Aufstellungen, wie im Terminal. Er gilt einmal. Melde dich an einem geteilten Computer ab, wenn du fertig bist.
web-login-button = Anmelden
web-login-gone-title = Dieser Link gilt nicht mehr
web-login-gone = Ein Anmeldelink gilt einmal, fünf Minuten lang. Einen neuen erzeugst du mit: { $command }
web-foreign-title = Abgelehnt
web-foreign = Diese Anfrage kam nicht von den Seiten dieser Website: Nichts wurde getan.
web-signed-in = Angemeldet als { $nick }.
web-sign-out = Abmelden

# The browser board (/play, src/web/play.rs and play.js).
web-play-title = Im Browser spielen
web-play-intro = Stratego hier spielen, auf dem Telefon oder am Computer: als Gast, gegen den Computer. Ohne Konto und ohne Terminal.
web-play-guest = Als Gast spielen
web-play-guests-off = Dieser Server lässt keine Gäste zu: verbinde dich per SSH mit einem Schlüssel.
web-play-no-script = Das Brett braucht JavaScript. Ohne JavaScript spiele per SSH.
web-play-connecting = Verbinde…
web-play-reconnecting = Die Verbindung ist abgerissen. Verbinde neu…
web-play-foreign = Diese Anfrage kam nicht von den Seiten dieser Website.
web-play-too-many-guests = Gerade zu viele neue Gäste: versuche es in einer Minute wieder.
web-play-board = Brett
web-play-you-are = Du spielst als { $nick }.
web-play-online = Spieler online: { $count }
web-play-seeks = Offene Angebote
web-play-no-seeks = Keine offenen Angebote.
web-play-computer = Gegen den Computer spielen
web-play-level-random = Zufallszüge
web-play-level-easy = Leicht
web-play-level-hard = Schwer
web-play-setup-hint = Tippe zwei deiner Figuren an, um sie zu tauschen. Bereit, wenn deine Armee steht, wie du willst.
web-play-random = Zufällige Aufstellung
web-play-ready = Bereit
web-play-waiting = Warte auf die Aufstellung der anderen Seite.
web-play-your-turn = Du bist am Zug
web-play-their-turn = { $nick } ist am Zug
web-play-resign = Aufgeben
web-play-last-move = Letzter Zug: { $move }
web-play-moves = Züge
web-play-replay = Partie nachspielen
web-play-lobby = Zurück zur Lobby
web-play-sq-mine = { $square }, dein { $rank }
web-play-sq-enemy = { $square }, gegnerischer { $rank }
web-play-sq-unknown = { $square }, unbekannte Figur
web-play-sq-unknown-moved = { $square }, unbekannte Figur, gezogen
web-play-sq-empty = { $square }, leer
web-play-sq-lake = { $square }, See
web-play-sq-target = { $label }, hierhin ziehen
web-play-sq-selected = { $label }, ausgewählt
web-play-closed = Die Verbindung ist beendet. Lade die Seite neu, um zurückzukommen.
web-play-versus = { $red } (Rot) gegen { $blue } (Blau)
web-play-refused-json = Nicht verstanden: das Brett sendet nur JSON-Objekte.
web-play-refused-size = Zu lang: eine Nachricht hat höchstens { $max } Bytes.
web-play-refused-version = Nicht verstanden: dieser Server spricht Version { $version } der Nachrichten des Bretts. Lade die Seite neu.
web-play-refused-unknown = Unbekannter Befehl: { $command }
web-play-refused-level = Diese Computerstufe gibt es nicht.
web-play-refused-in-game = Beende zuerst deine Partie.
web-play-refused-no-game = Du spielst gerade keine Partie.
web-play-refused-not-setup = Die Aufstellung ist vorbei.
web-play-refused-swap = Tausche zwei Felder deiner eigenen Aufstellungsreihen.
web-play-refused-incomplete = Deine Aufstellung ist nicht vollständig.
web-play-refused-not-playing = Die Partie läuft nicht.
web-play-refused-turn = Du bist nicht am Zug.
web-play-refused-illegal = { $move } ist kein erlaubter Zug.
web-play-refused-square = { $square } ist kein Feld.
web-play-front = (ohne Terminal: als Gast, gegen den Computer; auch auf dem Telefon)
web-play-accept = Spielen
web-play-refused-seek = Dieses Angebot ist nicht mehr offen.
web-play-resign-sure = Zum Aufgeben noch einmal tippen
web-play-idle = Beendet: { $time } lang nichts getan (idle_timeout des Servers). Lade die Seite neu, um zurückzukommen.
web-play-new-seek = Eine Partie suchen
web-play-variant = Variante
web-play-clock = Uhr
web-play-clock-none = Ohne Uhr
web-play-rated = Gewertet
web-play-post = Ausschreiben
web-play-withdraw = Zurückziehen
web-play-your-seek = Deine Suche: Warten auf einen Gegner. Du setzt dich, sobald jemand annimmt.
web-play-refused-variant = Diese Variante gibt es nicht: Classic, Duel oder Barrage.
web-play-refused-clock = Diese Uhr gibt es nicht: keine, 5+3, 10+5 oder 15+10.
web-play-refused-withdraw = Du hast keine solche offene Suche.
web-play-refused-no-offer = Es gibt kein Remisangebot zu beantworten.
web-play-refused-rematch-over = Eine Revanche gibt es nach der Partie.
web-play-refused-rematch-bot = Eine Revanche gibt es nach einer Partie gegen einen Menschen: spiele den Computer wieder aus der Lobby.
web-play-offer-draw = Remis anbieten
web-play-draw-offered = Du hast Remis angeboten.
web-play-draw-to-me = { $nick } bietet Remis an.
web-play-accept-draw = Remis annehmen
web-play-decline-draw = Ablehnen
web-play-opponent-gone = { $nick } ist weg: noch { $time }, um zurückzukommen.
web-play-can-claim = { $nick } ist nicht rechtzeitig zurückgekommen: du kannst den Sieg beanspruchen.
web-play-claim = Sieg beanspruchen
web-play-rematch = Revanche
web-play-rematch-asked = Du hast um eine Revanche gebeten: Warten auf { $nick }.
web-play-rematch-offered = { $nick } bittet um eine Revanche.
web-play-opponent-left = { $nick } hat die Partie verlassen.

## The board's lobby beyond seeks, chat, set-up tray and saved set-ups, rescue (src/web/play/social.rs)
web-play-refused-options = Unbekannte Regeloptionen: Zwei-Felder-Regel 0, 2, 3 oder 5; Duel-Reihen 3 oder 4; die anderen an oder aus.
web-play-refused-chat = Nichts zu sagen.
web-play-refused-player = { $nick } ist nicht online.
web-play-refused-self = Du kannst dich nicht selbst herausfordern.
web-play-refused-challenge = Diese Herausforderung gibt es nicht.
web-play-refused-game = Diese Partie läuft nicht.
web-play-refused-tournament = Dieses Turnier ist nicht offen.
web-play-refused-rank = Diesen Rang gibt es nicht.
web-play-refused-tray = Von diesem Rang ist keine Figur mehr übrig.
web-play-refused-setup-name = Keine gespeicherte Aufstellung dieses Namens für diese Variante.
web-play-players = Spieler online
web-play-challenge = Herausfordern
web-play-challenge-hint = Eine Herausforderung nimmt die Bedingungen des neuen Angebots unten.
web-play-challenges = Herausforderungen
web-play-challenge-from = { $nick } fordert dich heraus: { $terms }
web-play-challenge-to = Du hast { $nick } herausgefordert: { $terms }
web-play-decline = Ablehnen
web-play-private = Privat (nur ihr beide seht die Partie; ungewertet)
web-play-games-now = Laufende Partien
web-play-no-games = Keine laufenden Partien.
web-play-game-line = { $red } gegen { $blue }: { $terms }, Zug { $moves }
web-play-watch = Zuschauen
web-play-play-it = Spielen
web-play-watching = Du schaust zu.
web-play-leave = Verlassen
web-play-tournaments = Turniere
web-play-tournament-line = { $name }: { $terms }, { $count } Teilnehmer
web-play-join = Teilnehmen
web-play-withdraw-tournament = Zurückziehen
web-play-joined = Du bist dabei.
web-play-chat = Chat
web-play-chat-game = Chat mit deinem Gegner
web-play-chat-stands = Chat (nur Zuschauer sehen ihn)
web-play-chat-say = Sagen
web-play-chat-send = Senden
web-play-chat-empty = Noch hat niemand etwas gesagt.
web-play-options = Regeloptionen
web-play-two-square = Zwei-Felder-Regel
web-play-two-square-off = aus
web-play-more-squares = Verfolgungsregel
web-play-aggressor = Angreifervorteil
web-play-silent = Stille Verteidigung
web-play-rescue-rule = Rettung
web-play-duel-rows = Duel-Aufstellungsreihen
web-play-tray = Zu setzende Figuren
web-play-tray-hint = Tippe einen Rang, dann ein Feld deiner Reihen.
web-play-clear = Leeren
web-play-saved = Gespeicherte Aufstellungen
web-play-load = Laden
web-play-save = Speichern als
web-play-setup-name = Name
web-play-rescue-ask = Eine Figur retten?
web-play-rescue-one = { $rank } nach { $square }
web-play-rescue-none = Keine Rettung
web-play-more = …und { $count } weitere.
web-play-left = Verbliebene Figuren
web-play-type-move = Zug eintippen
web-play-type-move-go = Ziehen
web-play-type-move-bad = Tippe zwei Felder, etwa a4 a5: { $text }
web-play-link = Link zu dieser Partie

# Passkey accounts (src/web/passkey.rs) and keys linked from the web.
web-passkey-expired = Das hat zu lange gedauert oder ist schon erledigt: versuch es noch einmal.
web-passkey-refused = Die Antwort deines Passkeys hat die Prüfung der Seite nicht bestanden: nichts ist geschehen.
web-passkey-unknown = Kein Konto hier hat diesen Passkey.
web-passkey-not-allowed = Dieses Konto kann sich hier gerade nicht anmelden.
web-passkey-too-many = Zu viele neue Konten oder Passkeys: versuch es später noch einmal.
web-account-title = Dein Konto
web-account-intro = Spiel im Browser gewertete Partien unter einem eigenen Nick, ohne SSH-Schlüssel: ein Passkey (die Sperre deines Telefons oder Computers) meldet dich an.
web-account-nick = Nick
web-account-create = Konto mit einem Passkey anlegen
web-account-have-one = Schon ein Konto?
web-account-sign-in = Mit einem Passkey anmelden
web-account-signed-in = Angemeldet als { $nick }.
web-account-passkeys = { $count ->
    [0] Noch kein Passkey meldet bei diesem Konto an.
    [one] Ein Passkey meldet bei diesem Konto an.
   *[other] { $count } Passkeys melden bei diesem Konto an.
}
web-account-add = Passkey hinzufügen
web-account-added = Der Passkey wurde hinzugefügt.
web-account-play = Spielen
web-account-working = Warte auf deinen Passkey …
web-account-unsupported = Dieser Browser kann hier keine Passkeys nutzen (sie brauchen https oder localhost).
web-account-cancelled = Es wurde kein Passkey benutzt.
web-account-key-how = Um auch im Terminal zu spielen: führe web-login über SSH mit deinem Schlüssel aus und öffne den Link in diesem Browser.
web-play-account = Konto mit einem Passkey anlegen oder damit anmelden
web-link-key-title = Einen SSH-Schlüssel zu deinem Konto hinzufügen
web-link-key-explain = Dieser Link, mit web-login von einem SSH-Schlüssel ohne Nick gemacht ({ $key }), fügt den Schlüssel dem Konto von { $nick } hinzu: danach spielt der Schlüssel als { $nick }.
web-link-key-button = Schlüssel hinzufügen
web-link-key-sign-in-first = Melde dich zuerst bei dem Konto an, zu dem der Schlüssel kommen soll (auf der Kontoseite, mit seinem Passkey), und öffne dann diesen Link noch einmal.
web-link-key-done = Der Schlüssel spielt jetzt als { $nick }.

## Notizen zu unbekannten Figuren des Gegners (nur der Spieler sieht sie)
web-play-sq-noted = { $label }, deine Notiz: { $guess }
web-play-note-menu = Notiz zu { $square } (nur du siehst sie)
web-play-note-not-bomb = Keine Bombe
web-play-note-moved = Gezogen
web-play-note-clear = Notiz löschen
web-play-note-cancel = Abbrechen
web-play-note-hint = Tippe eine unbekannte Figur des Gegners an (oder halte sie), um zu notieren, was sie sein könnte.

## Die Analyse nach der Partie auf ihrer Seite (src/web/pages.rs, board.rs)
web-analysis = Analyse nach der Partie
web-analysis-about = Die Durchsicht jedes Zuges durch den starken Computer: der Zug, den er vorzieht, und der Wert vor und nach dem gespielten Zug, aus Sicht der ziehenden Seite (ein Aufklärer ist 10, ein Feldmarschall 120). ? ein Fehler (verliert { $mistake } oder mehr), ?? ein grober Fehler ({ $blunder } oder mehr). Jeder Zug wird nach dem Wissen des Ziehenden beurteilt und im Nachhinein (alle Figuren bekannt).
web-analysis-legend = Durchgezogene Linie: nach dem Wissen des Ziehenden; gestrichelt: im Nachhinein; Punkte: Fehler (jeder ein Link zu seiner Stellung). Über der Mittellinie steht Rot besser.
web-analysis-chart-label = Die Bewertung über { $plies } Züge, aus Sicht von Rot; { $seen } Fehler nach dem Wissen der Ziehenden, { $hindsight } im Nachhinein.
web-analysis-red-better = Rot besser
web-analysis-blue-better = Blau besser
web-analysis-point = Zug { $ply } ({ $color }) { $mark }
web-analysis-this = Zug { $ply } ({ $color }):
web-analysis-seen = nach Wissen
web-analysis-hindsight = im Nachhinein
web-analysis-judged = bester { $best }, { $before } → { $after }{ $mark }
web-analysis-only = einziger Zug
web-analysis-ply = { $ply }. { $color } { $played }
web-analysis-none = Keine Fehler gefunden.
web-analysis-waiting = In Vorbereitung: wartet ({ $ahead ->
        [one] 1 Partie
       *[other] { $ahead } Partien
    } davor). Lade die Seite in einer Minute neu.
web-analysis-running = Wird gerade gemacht: lade die Seite in einer Minute neu.
web-analysis-full = Die Warteschlange der Analysen ist voll: schau später wieder.

## The owner's profile: correspondence games waiting (src/web/pages.rs)

web-your-move = Du bist am Zug
web-your-move-none = Keine Fernpartie wartet auf deinen Zug.
web-your-move-row = #{ $game } gegen { $opponent }: fällig { $due } UTC (noch { $left })
web-your-setup-row = #{ $game } gegen { $opponent }: deine Aufstellung, fällig { $due } UTC (noch { $left })
web-your-move-how = Gespielt wird über SSH: die Lobby nennt sie (und ssh host games --my-turn); Enter auf einer, oder watch N im Zeilenmodus.
## The set-up library and explorer (src/web/setups.rs)
web-setups-title = Deine gespeicherten Aufstellungen
web-setups-sign-in = Deine gespeicherten Aufstellungen siehst nur du: melde dich zuerst an (ssh host web-login, oder ein Passkey auf der Kontoseite).
web-setups-who = Angemeldet als { $nick }.
web-setups-none = Du hast keine gespeicherten Aufstellungen für { $variant }. Speichere eine beim Aufstellen.
web-setups-read = Gezählt aus deinen { $games } beendeten Partien dieser Variante: eine Partie zählt, wenn deine Armee genau diese Aufstellung war, mit beiden Farben.
web-setups-my-explorer = Der Aufstellungs-Explorer deiner Partien
web-setups-server-explorer = Der Aufstellungs-Explorer der Partien des Servers
web-setups-manage = Umbenennen, kopieren, löschen und bearbeiten hier oder auf den SSH-Seiten (S in der Lobby).
web-setups-rename-label = Neuer Name
web-setups-rename = Umbenennen
web-setups-copy = Kopieren
web-setups-edit = Auf dem Brett bearbeiten
web-setups-delete = Löschen…
web-setups-delete-title = '{ $name }' löschen?
web-setups-delete-ask = Deine Aufstellung '{ $name }' für { $variant } löschen? Das lässt sich nicht rückgängig machen; die damit gespielten Partien bleiben in deinem Verlauf.
web-setups-delete-yes = Löschen
web-setups-keep = Behalten
web-setups-done-renamed = Umbenannt: '{ $name }'.
web-setups-done-copied = Kopiert als '{ $name }'.
web-setups-done-deleted = '{ $name }' gelöscht.
web-setups-done-saved = '{ $name }' gespeichert.
web-setups-name-escapes = Ein Aufstellungsname darf keine Steuerzeichen oder Escape-Sequenzen enthalten: nichts wurde geändert.
web-setups-name-long = Ein Aufstellungsname hat höchstens { $max } Zeichen: nichts wurde geändert.
web-setups-edit-title = Bearbeite '{ $name }'
web-setups-edit-how = Klicke auf eine Figur, dann auf das Feld, mit dem sie tauschen soll (ein leeres Feld: die Figur zieht dorthin). Gespeichert wird erst mit Speichern.
web-setups-edit-picked = { $square } gewählt: klicke auf das Feld zum Tauschen, oder noch einmal auf { $square }, um sie loszulassen.
web-setups-save = Speichern
web-setups-start-again = Neu beginnen mit der gespeicherten Aufstellung
web-setups-back = Zurück zu deinen Aufstellungen
web-setups-bad-draft = Diese Aufstellung kann nicht gespeichert werden: { $why }. Nichts wurde geändert.
web-explorer-title = Aufstellungs-Explorer: { $variant }
web-explorer-title-mine = Dein Aufstellungs-Explorer: { $variant }
web-explorer-armies = { $armies ->
        [one] 1 Armee gezählt. Felder wie für Rot: Reihe 1 ist die hintere.
       *[other] { $armies } Armeen gezählt. Felder wie für Rot: Reihe 1 ist die hintere.
    }
web-explorer-server-note = Aus den öffentlichen Partien, die beide Spieler beendet haben (nicht abgebrochen, nicht verlassen); nie eine laufende Partie, nie ein Name.
web-explorer-common = Mehrfach gespielte Aufstellungen
web-explorer-common-none = Keine Aufstellung wurde zweimal gespielt.
web-explorer-col-score = Ergebnis
web-explorer-col-setup = Aufstellung (ab der hinteren Reihe, Linien A bis J)
web-explorer-in-lines = im Zeilenmodus.
