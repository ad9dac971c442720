# server (de)
# Dieselben Ids wie en/server.ftl.

## Lobby: seeks and challenges (src/lobby/seeks.rs)

notice-challenge = { $nick } fordert dich heraus: { $variant }, { $rated ->
        [rated] gewertet
        [private] privat ungewertet
       *[casual] ungewertet
    } — siehe Offene Angebote
notice-challenge-clock = { $nick } fordert dich heraus: { $variant }, { $rated ->
        [rated] gewertet
        [private] privat ungewertet
       *[casual] ungewertet
    }, { $clock } — siehe Offene Angebote
refusal-guests-casual-key = Gäste spielen nur ungewertete Partien: Verbinde dich mit einem SSH-Schlüssel, um gewertet zu spielen
refusal-private-rated = eine private Partie ist ungewertet: Wertungen sind öffentlich, also kann eine gewertete Partie nicht privat sein
refusal-private-needs-player = nur eine Herausforderung an einen Spieler kann privat sein: nenne den Spieler
refusal-three-seeks = du hast schon drei offene Angebote
refusal-seeks-too-fast = du erstellst zu schnell Angebote: eines alle paar Sekunden (fünf auf einmal)
refusal-challenge-yourself = du kannst dich nicht selbst herausfordern
refusal-not-online = { $nick } ist nicht online
refusal-no-program = dieser Server hat kein Programm namens { $name }
refusal-agent-busy = bot-{ $name } spielt schon so viele Partien, wie dieser Server gleichzeitig zulässt ({ $games }): Versuch es später noch einmal oder spiel gegen unseren eigenen Computer
notice-seek-to-computer = Niemand hat dein Angebot angenommen: Der Computer (leicht) spielt gegen dich. Partien gegen den Computer sind ungewertet.
refusal-no-such-challenge = diese Herausforderung an dich gibt es nicht
notice-challenge-declined = { $nick } hat deine Herausforderung abgelehnt
notice-line-mode = Zeilenmodus: jedes Ereignis ist eine Zeile. Tippe help für die Befehle, screens für die Bildschirme.
notice-dumb-terminal = Dein Terminal (TERM=dumb) kann die Bildschirme nicht zeichnen, also spielst du in Zeilen. Tippe help für die Befehle oder screens, um die Bildschirme trotzdem zu versuchen.
notice-screens-need-terminal = Die Bildschirme brauchen ein Terminal: verbinde dich mit ssh -t.
notice-you-declined = Du hast die Herausforderung von { $nick } abgelehnt
refusal-seek-gone = dieses Angebot ist weg
refusal-own-seek = das ist dein eigenes Angebot: x zieht es zurück
refusal-someone-elses = diese Herausforderung gilt jemand anderem
refusal-guests-casual = Gäste spielen nur ungewertete Partien
refusal-player-left = dieser Spieler ist gegangen

## Lobby (src/lobby/mod.rs)

notice-server = Server: { $text }
refusal-too-fast = du schickst zu schnell Nachrichten
refusal-too-fast-address = zu viele Nachrichten von deiner Adresse (alle, die von dort verbunden sind, zählen zusammen): Warte ein paar Sekunden
refusal-guest-games = Gäste von deiner Adresse haben { $games ->
        [one] eine laufende Partie
       *[other] { $games } laufende Partien
    }: Beende erst eine oder verbinde dich mit einem SSH-Schlüssel
refusal-cannot-start = { $nick } kann gerade keine weitere Partie beginnen: Versuch es später
refusal-own-games = Du hast schon { $games ->
        [one] eine laufende Partie
       *[other] { $games } laufende Partien
    }: Beende erst eine (Enter darauf unter Laufende Partien bringt dich zurück)
refusal-their-games = { $nick } hat schon { $games ->
        [one] eine laufende Partie
       *[other] { $games } laufende Partien
    }: Versuch es später
notice-game-started-elsewhere = Deine Partie #{ $game } hat in einem anderen Terminal begonnen: Enter darauf unter Laufende Partien, um hier zu spielen
refusal-tournament-rematch = Keine Revanche im Turnier: Die Turnierleitung teilt dir deine nächste Partie zu

## Lobby: watching, results told away from the game (src/lobby/sessions.rs)

refusal-game-ended = diese Partie ist zu Ende
refusal-cannot-watch = bei dieser Partie kann man nicht zuschauen
notice-game-ended-away = Deine Partie #{ $game } gegen { $opponent } ist zu Ende: { $verdict ->
        [won] du hast gewonnen
        [lost] du hast verloren
       *[draw] remis
    } ({ $reason }){ $change }
notice-rating-change = ; deine Wertung { $before } -> { $after }
notice-rating-now = ; deine Wertung ist { $rating }

## Games (src/game/mod.rs)

notice-setup-ran-out = Die Aufstellungszeit{ $limit } ist abgelaufen: { $nick } war nicht bereit und verliert
notice-setup-ran-out-both = Die Aufstellungszeit{ $limit } ist abgelaufen, keiner war bereit: Partie abgebrochen
notice-left-no-rematch = { $nick } ist gegangen: keine Revanche
notice-draw-declined = { $nick } hat dein Remisangebot abgelehnt
refusal-resign-instead = es wurden schon Züge gespielt: Gib stattdessen auf
notice-forfeit-no-result = { $nick } { $why }: Die Partie endet ohne Ergebnis
notice-forfeit-win = { $nick } { $why }: Du gewinnst
notice-forfeits-timeout = verliert kampflos (sein Programm hat nicht innerhalb von { $seconds } s geantwortet)
notice-forfeits = verliert kampflos ({ $why })
notice-forfeits-not-started = verliert kampflos (sein Programm ließ sich nicht starten)
notice-forfeits-ended = verliert kampflos (sein Programm hat sich beendet, Exit-Status { $code })
notice-forfeits-killed = verliert kampflos (sein Programm wurde durch ein Signal beendet)
notice-forfeits-closed-output = verliert kampflos (sein Programm hat seine Ausgabe geschlossen)
notice-forfeits-stopped-reading = verliert kampflos (sein Programm liest seine Eingabe nicht mehr)
notice-forfeits-not-reading = verliert kampflos (sein Programm hat seine Eingabe nicht innerhalb von { $seconds } s gelesen)
notice-forfeits-line-too-long = verliert kampflos (sein Programm hat eine Zeile mit mehr als { $bytes } Bytes geschickt)
notice-forfeits-bad-setup = verliert kampflos (sein Programm hat keine gültige Aufstellung geschickt)
notice-forfeits-bad-reply = verliert kampflos (die Antwort seines Programms ist kein Zug)
notice-forfeits-illegal-move = verliert kampflos (unzulässiger Zug { $move })
refusal-game-over = die Partie ist vorbei
notice-saving-result = das Ergebnis wird gespeichert… (der Server kann gerade nicht auf seine Platte schreiben; er versucht es weiter)
refusal-not-started = die Partie hat noch nicht begonnen: erst beide Aufstellungen
refusal-not-your-turn = du bist nicht am Zug
refusal-illegal-move = unzulässiger Zug { $move }: { $why }
refusal-cannot-save-move = der Server kann gerade keine Züge speichern (seine Platte verweigert das Schreiben): Dein Zug wurde nicht gespielt; versuch es noch einmal
refusal-opponent-may-return = dein Gegner hat noch Zeit, sich wieder zu verbinden
refusal-setup-over = die Aufstellungsphase ist vorbei
refusal-setup = Aufstellung abgelehnt: { $why }
refusal-cannot-save-game = Der Server konnte die Partie nicht speichern, deshalb hat das Spiel nicht begonnen: { $nick } muss sich noch einmal bereit melden (d), um es erneut zu versuchen

## Tournaments (src/lobby/tournaments.rs)

notice-status-upcoming = angekündigt
notice-status-running = läuft
notice-status-finished = beendet
notice-status-cancelled = abgesagt
refusal-no-tournament = kein Turnier #{ $id }
refusal-tournament-needs-key = Turniere ausrichten geht nur mit einem SSH-Schlüssel
refusal-order-nested = ein Auftrag in einem Auftrag
refusal-organiser-cap = du hast { $count ->
        [one] 1 angekündigtes oder laufendes Turnier
       *[other] { $count } angekündigte oder laufende Turniere
    }, so viele, wie ein Veranstalter auf diesem Server haben darf: Sag eines ab oder warte, bis eines endet
refusal-tournament-numbering = kann dem Turnier keine Nummer geben: { $error }
refusal-not-theirs = Turnier #{ $id } wurde von { $nick } angelegt: Nur { $nick } oder ein Admin darf es ändern
refusal-no-longer-editable = Turnier #{ $id } hat schon begonnen: Es lässt sich nicht mehr ändern
refusal-tournament-is = Turnier #{ $id } ist { $status }
refusal-bots-admin-only = nur ein Admin meldet Computerspieler an
refusal-bots-not-allowed = Computerspieler nehmen nur an Turnieren teil, wo der Betreiber es zum Testen erlaubt (tournament_bots = true)
refusal-no-more-entries = Turnier #{ $id } nimmt keine Anmeldungen mehr an
refusal-bot-already-in = bot-{ $level } ist schon in Turnier #{ $id }
refusal-tournament-full = { $name } ist voll: { $max } Spieler, mehr nimmt ein Turnier auf diesem Server nicht
refusal-swiss-started = { $name } hat schon begonnen: Bei einem Schweizer System meldet man sich vor der ersten Runde an
refusal-name-is = { $name } ist { $status }
refusal-computers-do-not-enter = Computerspieler nehmen nicht an Turnieren teil
refusal-keys-only = { $name } ist für Spieler mit SSH-Schlüssel: Verbinde dich mit einem, um mitzuspielen
refusal-not-invited = { $name } ist nur auf Einladung, und { $nick } steht nicht auf der Liste
refusal-too-few-rated-games = { $name } verlangt { $need ->
        [one] 1 gewertete Partie { $variant }
       *[other] { $need } gewertete Partien { $variant }
    }; du hast { $have }
refusal-already-in = du bist schon in { $name }
refusal-stopping = der Server wird beendet
refusal-terms-name = ein Name hat 1 bis { $max } Zeichen
refusal-terms-arena-minutes = eine Arena dauert 1 bis 720 Minuten
refusal-terms-days-arena = Fernpartien (Tage je Zug) ergeben ein Schweizer System, keine Arena: eine Arena wird in einer Sitzung gespielt
refusal-terms-swiss-rounds = ein Schweizer System hat 1 bis 30 Runden
refusal-terms-start-passed = der Beginn liegt in der Vergangenheit
refusal-terms-start-far = der Beginn liegt mehr als ein Jahr in der Zukunft
refusal-terms-no-invitees = eine Einladungsliste nennt mindestens einen Namen
notice-tournament-created = Turnier #{ $id } „{ $name }“ angelegt
notice-tournament-edited = Turnier #{ $id } geändert
notice-tournament-is = Turnier #{ $id } ist jetzt { $status }
notice-bot-entered = bot-{ $level } ist in Turnier #{ $id } angemeldet
notice-tournament-cancelled = Turnier #{ $id } abgesagt
notice-back-in = du bist wieder in { $name } dabei
notice-joined-running = du bist in { $name } dabei: Deine erste Partie kommt gleich
notice-joined-upcoming = du bist in { $name } dabei: Bleib online, deine erste Partie beginnt mit dem Turnier
notice-not-in = du bist nicht in { $name } dabei
notice-left = du hast dich von { $name } abgemeldet
notice-paused = Pause in { $name }: Deine Punkte bleiben; melde dich wieder an, um wieder Gegner zu bekommen
notice-withdrew = du hast dich aus { $name } zurückgezogen: keine weiteren Runden für dich (eine laufende Partie zählt noch)
notice-not-playing-in = du spielst nicht in { $name } mit
notice-tournament-game = { $name }: Deine Partie #{ $game } beginnt, du spielst { $color }

## Accounts: nicknames and saved set-ups (src/service/accounts.rs)

refusal-nick-taken = { $nick } ist vergeben: Versuch einen anderen
refusal-no-renames-left = du hast deinen Namen schon einmal geändert
refusal-rename-guest = Gäste bekommen bei jedem Besuch einen neuen Namen: Verbinde dich mit einem SSH-Schlüssel, um einen zu behalten
refusal-rename-store = der Name kann gerade nicht geändert werden: { $error }
refusal-nick-rule = ein Name hat 2 bis 16 Zeichen: Buchstaben, Ziffern, _ und -, am Anfang ein Buchstabe
refusal-nick-empty = bitte wähle einen Namen: { $rule }
refusal-nick-short = dieser Name ist zu kurz: { $rule }
refusal-nick-long = dieser Name ist zu lang: { $rule }
refusal-nick-char = ein Name darf { $char } nicht enthalten: { $rule }
refusal-nick-letter = ein Name muss mit einem Buchstaben beginnen: { $rule }
refusal-nick-guest = Namen, die mit „guest“ beginnen, sind für Gäste reserviert: Bitte wähle einen anderen
refusal-nick-reserved = „{ $word }“ könnte man für den Server oder sein Team halten: Bitte wähle einen anderen
refusal-setup-no-name = eine gespeicherte Aufstellung braucht einen Namen
refusal-setups-too-many = höchstens { $max } gespeicherte Aufstellungen: Lösche zuerst eine
refusal-setup-store = Aufstellung nicht gespeichert: { $error }
notice-key-registered-as = Dein Schlüssel ist als { $nick } angemeldet: Ein Name pro Schlüssel hält die Wertungen ehrlich.
notice-login-bad-nick = „{ $asked }“ kann kein Name sein ({ $why }); du bist { $nick }. Melde dich mit ssh NAME@host an, um einen zu wählen.
notice-login-look-alike = Der Name { $asked } ist { $other }, dem Namen eines anderen Spielers, zu ähnlich; du bist { $nick }.
notice-login-nick-owned = Der Name { $asked } gehört zu einem anderen Schlüssel; du bist { $nick }.
notice-login-too-many-new = Zu viele neue Spieler aus deinem Netz in der letzten Stunde (höchstens { $max }): Du bist nur für diesen Besuch { $nick } (deinem Schlüssel ist kein Name zugeordnet). Komm später wieder, um einen anzumelden.
notice-login-unchecked = Namen können gerade nicht geprüft werden; du bist für diesen Besuch { $nick }.
refusal-rename-bad-nick = „{ $asked }“ kann kein Name sein ({ $why })
refusal-rename-look-alike = { $nick } ist { $other }, einem anderen Spieler, zu ähnlich: Versuch einen anderen

## Admin results (src/service/admin.rs, src/ssh/session.rs)

notice-admin-kicked = { $sessions ->
        [one] 1 Sitzung
       *[other] { $sessions } Sitzungen
    } von { $nick } getrennt
notice-admin-banned = { $target } gesperrt; { $sessions ->
        [one] 1 Sitzung
       *[other] { $sessions } Sitzungen
    } getrennt
notice-admin-unbanned = Sperre für { $target } aufgehoben
notice-admin-sent = gesendet
refusal-not-banned = { $target } war nicht gesperrt
refusal-ban-key = ein Schlüssel wird als sein Fingerabdruck geschrieben, SHA256:...
refusal-ban-addr = „{ $value }“ ist keine IP-Adresse und kein Präfix wie 10.0.0.0/8 oder 2001:db8::/48
refusal-ban-target = ban nick NAME, ban key SHA256:... oder ban addr ADRESSE[/PRÄFIX]
refusal-nothing-to-broadcast = nichts zu senden
refusal-cannot-read-bans = die Sperren können nicht gelesen werden: { $error }

## A session (src/ssh/session.rs)

notice-comeback =
    Gast: Bricht die Verbindung ab, kommst du so zurück in deine Partie:
    { $command }
notice-seat-taken = Partie #{ $game } geht in deinem anderen Terminal weiter
notice-comeback-unknown = Zu diesem Pass wartet keine Partie auf dich (vielleicht vertippt, oder die Partie ist vorbei): du bist ein neuer Gast, { $nick }.
help-comeback = Zurück nach Abbruch
notice-seat-elsewhere = Partie #{ $game } ist in deinem anderen Terminal offen. Um hier zu spielen, drücke r (im Zeilenmodus: watch { $game }); das andere Terminal kehrt in die Lobby zurück.
notice-nick = Du bist jetzt { $nick }.
notice-kicked = Von einem Admin getrennt: { $reason }
notice-kicked-no-reason = Von einem Admin getrennt
notice-banned = Du bist auf diesem Server gesperrt: { $reason }
notice-banned-no-reason = Du bist auf diesem Server gesperrt
notice-guests-closed = Gast-Anmeldungen von deiner Adresse sind bis { $until } UTC gesperrt: zuletzt hat sie ein hier gesperrter Spieler benutzt
notice-no-pty =
    stratego-ssh zeichnet ein Spiel über den ganzen Bildschirm und braucht ein Terminal.
    Verbinde dich mit: { $connect }   (oder { $head } NAME@{ $host }, um deinen Namen zu wählen)
    In Zeilen spielen (Screenreader, Skripte): { $plain } play
notice-idle = Getrennt: { $time } lang keine Taste gedrückt (idle_timeout des Servers).
refusal-not-stored = das ist hier nicht gespeichert
notice-core-away = Der Spielserver ist kurz weg: deine Partien bleiben erhalten und gehen weiter, sobald er zurück ist.
notice-core-back = Der Spielserver ist zurück: deine Partien gehen weiter.
refusal-core-away = nicht gesendet: der Spielserver ist kurz weg (deine Partien bleiben erhalten)
notice-setup-saved = Aufstellung „{ $name }“ gespeichert

## Exec commands: ssh HOST COMMAND [--lang de|nl] (src/ssh/commands.rs, src/ssh/events.rs)

exec-usage =
    Befehle:
      leaderboard [classic|duel|barrage]
      games NAME
      games --live
      games --my-turn    (deine Fernpartien, die auf deinen Zug warten: Exit-Status 0, wenn eine wartet, sonst 1)
      replay ID [--format record|gravon]
      replay ID --analysis    (die Durchsicht jedes Zuges durch den starken Computer)
      tournaments
      tournament ID [--format json]
      play    (das Spiel in Zeilen, für Screenreader und Skripte: tippe help)
      web-login    (ein einmaliger Link, der einen Browser unter dem Namen deines Schlüssels anmeldet)
      web-sessions [end N|all]    (die als du angemeldeten Browser; abmelden)
    mit --lang de oder --lang nl ist der Text eines Befehls Deutsch oder Niederländisch (JSON ist in jeder Sprache gleich); ohne ist er Englisch

    Zum Spielen verbinde dich mit einem Terminal: { $connect }
exec-bad-lang = unbekannte Sprache „{ $lang }“: möglich sind { $codes }
exec-unknown-command = unbekannter Befehl „{ $command }“
exec-line-too-long = diese Befehlszeile ist zu lang: { $length } Zeichen, höchstens { $max }; nichts wurde getan
exec-unknown-variant = unbekannte Variante „{ $variant }“: classic, duel oder barrage
exec-unknown-format = unbekanntes Format „{ $format }“: record oder gravon
exec-link = Link: { $link }
exec-no-rated-games = noch keine gewerteten Partien { $variant }: Spieler stehen hier nach ihrer ersten
exec-cannot-read-leaderboard = die Rangliste kann nicht gelesen werden: { $error }
exec-no-games-of = keine beendeten Partien von { $nick }
exec-cannot-read-games = die Partien können nicht gelesen werden: { $error }
exec-rated = gewertet
exec-casual = ungewertet
exec-col-rank = Platz
exec-col-nick = Name
exec-col-rating = Wertung
exec-col-deviation = Abweichung
exec-col-games = Partien
exec-col-wins = Siege
exec-col-draws = Remis
exec-col-losses = Niederlagen
exec-col-id = Nr.
exec-col-red = Rot
exec-col-blue = Blau
exec-col-variant = Variante
exec-col-rated = Wertung
exec-col-result = Ergebnis
exec-col-plies = Halbzüge
exec-col-status = Status
exec-col-format = Modus
exec-col-starts = Beginn (UTC)
exec-col-players = Spieler
exec-col-name = Name
exec-col-points = Punkte
exec-col-perf = Perf.
exec-col-buchholz = Buchholz
exec-col-sb = SB
exec-col-results = Ergebnisse
exec-not-a-game-number = „{ $id }“ ist keine Partienummer
exec-replay-title = Partie #{ $id }: { $red } (Rot) gegen { $blue } (Blau)
exec-replay-won = { $nick } ({ $color }) hat gewonnen: { $reason }
exec-replay-no-winner = kein Sieger: { $reason }
exec-replay-unfinished = nicht beendet
exec-replay-result = Ergebnis: { $result }
exec-replay-moved = { $color } zog
exec-replay-rescue = ; ein { $rank } nach { $square } gerettet
exec-replay-formats = (die gespeicherte Aufzeichnung: replay { $id } --format record; Gravons XML: --format gravon)
exec-no-tournaments = keine Turniere
exec-format-arena = Arena { $minutes } min
exec-format-swiss = Schweizer System, { $rounds ->
        [one] 1 Runde
       *[other] { $rounds } Runden
    }
exec-not-a-tournament-number = „{ $id }“ ist keine Turniernummer
exec-tournament-about = Regeln: { $rules }; angelegt von { $nick }; Beginn { $starts } UTC
exec-tournament-ends = ; Ende { $ends } UTC
exec-tournament-round = ; Runde { $round } von { $rounds }
exec-flag-on-fire = in-Serie
exec-flag-withdrawn = zurückgezogen
exec-flag-paused = pausiert
exec-flag-absent = abwesend
exec-games-in-play = laufende Partien:
exec-game-round = (Runde { $round })
exec-tournament-usage =
    Turnierbefehle:
      tournament create NAME [Optionen]  ein neues Turnier (NAME: die Wörter vor den Optionen)
      tournament edit ID [Optionen]      ein angekündigtes ändern (nicht genannte Optionen bleiben)
      tournament start ID                ein angekündigtes jetzt beginnen
      tournament cancel ID
      tournament join ID                 unter dem Namen deines Schlüssels antreten (gespielt wird in der Lobby)
      tournament withdraw ID             austreten (eine Arena: pausieren)
      admin tournament addbot ID easy|hard|random   ein Computerspieler tritt an (wo der Server
                                         es zum Testen erlaubt: tournament_bots = true)
    Optionen:
      --arena MINUTEN | --swiss RUNDEN   das Format (Vorgabe: --arena 60)
      --variant classic|duel|barrage     (Vorgabe classic)
      --clock MIN+ZUSCHLAG | none        (Vorgabe 5+3)
      --days 1|3|7                       Fernpartien, Tage je Zug (nur ein Schweizer System)
      --budget 15|30|60                  mit --days: Gesamtzeit jedes Spielers in Tagen
      --rated | --casual                 gewertet oder ungewertet (Vorgabe gewertet)
      --start +10m | +2h | now | HH:MM | JJJJ-MM-TTTHH:MM (UTC; Vorgabe +10m)
      --entry anyone | keys | NICK,NICK  wer mitspielen darf (Vorgabe anyone: alle)
      --min-rated N                      gewertete Partien, die man zum Mitspielen braucht (Vorgabe 0)
      --two-square 0|2|3|5  --chase on|off  --aggressor on|off  --silent on|off
      --rescue on|off  --duel-rows 3|4  --immobility turn|now  --cap HALBZÜGE
exec-tournament-bad-level = unbekannte Stufe „{ $level }“: easy, hard oder random
exec-tournament-on-off = { $flag }: on oder off, nicht „{ $value }“
exec-tournament-no-name = gib dem Turnier einen Namen: tournament create NAME [Optionen]
exec-tournament-needs-value = { $flag } braucht einen Wert
exec-tournament-not-a-number = { $flag }: „{ $value }“ ist keine Zahl
exec-tournament-bad-start = --start: „{ $value }“ ist keine Zeit: +10m, +2h, now, HH:MM oder JJJJ-MM-TTTHH:MM (UTC)
exec-tournament-two-square = --two-square: 0 (aus), 2, 3 oder 5
exec-tournament-duel-rows = --duel-rows: 3 oder 4
exec-tournament-immobility = --immobility: turn oder now
exec-tournament-unknown-option = unbekannte Option „{ $flag }“: tournament help zählt sie auf
exec-admin-usage =
    Admin-Befehle:
      admin kick NICK [GRUND]
      admin ban nick|key|addr WERT [GRUND]
      admin unban nick|key|addr WERT
      admin bans
      admin broadcast TEXT
      admin backup NAME  (ein neues Verzeichnis unter dem Sicherungsverzeichnis des Servers, backup_root)
      admin tournament create|edit|start|cancel ...   (admin tournament help)
exec-admin-no-bans = keine Sperren
exec-admin-ban-usage = ban nick NAME, ban key SHA256:... oder ban addr ADRESSE
exec-admin-backed-up = { $entries ->
        [one] 1 Eintrag
       *[other] { $entries } Einträge
    } in { $trees ->
        [one] 1 Baum
       *[other] { $trees } Bäumen
    } gesichert nach { $dir }
exec-admin-backup-outside = „{ $asked }“ liegt nicht unter dem Sicherungsverzeichnis { $root }: Gib einen Namen (etwa 2026-11-27) für ein neues Verzeichnis dort an; nichts wurde geschrieben
exec-admin-backup-root = das Sicherungsverzeichnis { $root } ist nicht nutzbar ({ $error })
exec-admin-backup-make-root = das Sicherungsverzeichnis { $root } lässt sich nicht anlegen ({ $error })
exec-tournaments-need-admin = Turniere anlegen und ausrichten geht auf diesem Server nur mit einem Admin-Schlüssel
exec-key-has-no-nick = dein Schlüssel hat noch keinen Namen: Verbinde dich einmal mit einem Terminal, um einen zu wählen ({ $connect }), dann richte Turniere unter ihm aus
exec-admin-needs-key = Admin-Befehle brauchen einen Admin-Schlüssel
exec-busy-connection = Server ausgelastet: höchstens { $count ->
        [one] 1 Befehl
       *[other] { $count } Befehle
    } gleichzeitig auf einer Verbindung; warte, bis einer fertig ist, und versuch es noch einmal
exec-busy-address = Server ausgelastet: höchstens { $count ->
        [one] 1 Befehl
       *[other] { $count } Befehle
    } gleichzeitig von einer Adresse; warte, bis einer fertig ist, und versuch es noch einmal
exec-busy-minute = Server ausgelastet: höchstens { $count ->
        [one] 1 Befehl
       *[other] { $count } Befehle
    } pro Minute von einer Adresse; versuch es in einer Minute noch einmal

## Browser-Anmeldung (src/ssh/weblogin.rs)

exec-web-off = Die Webseiten sind auf diesem Server abgeschaltet: Es gibt keinen Browser anzumelden.
exec-web-login =
    Öffne diesen Link innerhalb von { $minutes } Minuten in deinem Browser, um ihn als { $nick } anzumelden (er gilt einmal):
      { $link }
exec-web-failed = geht gerade nicht: { $error }
exec-web-none = Kein Browser ist unter deinem Namen angemeldet. web-login erzeugt einen Link, der einen anmeldet.
exec-web-session = { $n }. seit { $since } UTC, bis { $until } UTC: { $agent }
exec-web-end-how = Einen abmelden: web-sessions end N (alle: web-sessions end all)
exec-web-usage = Aufruf: web-login | web-sessions | web-sessions end N|all
exec-web-ended-none = Diese Browser-Sitzung gibt es nicht: web-sessions listet sie auf
exec-web-ended =
    { $count ->
        [one] 1 Browser abgemeldet
       *[other] { $count } Browser abgemeldet
    }
exec-web-needs-nick = dein Schlüssel hat noch keinen Namen: Verbinde dich einmal mit einem Terminal, um einen zu wählen ({ $connect }), und melde dann einen Browser darunter an
exec-web-needs-key = einen Browser anmelden geht nur mit einem SSH-Schlüssel (ein Gast spielt im Browser als Gast)

# Passkey accounts (src/web/passkey.rs) and keys linked from the web.
exec-web-link-key =
    Dein Schlüssel hat noch keinen Nick. Um ihn einem Konto hinzuzufügen, das du im Web (mit einem Passkey) angelegt hast, öffne diesen Link innerhalb von { $minutes } Minuten in dem Browser, der bei diesem Konto angemeldet ist (er gilt einmal):
      { $link }
    Soll der Schlüssel stattdessen einen eigenen Nick bekommen, verbinde dich einmal mit einem Terminal.

## Abgelehnte Notizen (nichts ändert sich)
refusal-note-spectator = nur die Spieler machen Notizen
refusal-note-not-in-play = Notizen gibt es während der Partie
refusal-note-empty = auf { $square } steht keine Figur für eine Notiz
refusal-note-own = { $square } ist deine eigene Figur: Notizen sind für die unbekannten Figuren deines Gegners
refusal-note-revealed = die Figur auf { $square } ist schon bekannt: keine Notiz nötig
refusal-note-none = auf { $square } ist keine Notiz
refusal-note-too-many = zu viele Notizen in dieser Partie
refusal-note-cannot-save = die Notiz wurde nicht behalten (der Server kann gerade nicht auf seine Platte schreiben)

## Die eigenen Notizen eines Spielers in `replay ID` (nur er sieht sie)
exec-replay-notes = Deine Notizen (nur du siehst sie):
exec-replay-note = vor Zug { $move_number }: { $square } { $guess }
exec-replay-note-cleared = vor Zug { $move_number }: { $square } gelöscht

## Die Analyse nach der Partie: `replay ID --analysis`, die Wiederholung, Zeilen, die Webseite
exec-analysis-title = Analyse der Partie #{ $id } durch den starken Computer ({ $nodes } Knoten je Zug)
exec-analysis-legend = ? ein Fehler (verliert { $mistake } oder mehr), ?? ein grober Fehler ({ $blunder } oder mehr). Werte aus Sicht der ziehenden Seite: ein Aufklärer ist 10, ein Feldmarschall 120.
exec-analysis-mistakes = Fehler nach dem Wissen des Ziehenden: Rot { $red_seen }, Blau { $blue_seen }. Im Nachhinein: Rot { $red_hindsight }, Blau { $blue_hindsight }.
exec-analysis-seen = nach dem Wissen des Ziehenden
exec-analysis-hindsight = im Nachhinein
exec-analysis-move = Zug
exec-analysis-best = bester
exec-analysis-value = Wert
exec-analysis-change = Änderung
exec-analysis-only-move = einziger Zug
exec-analysis-waiting = Die Analyse der Partie #{ $id } wartet ({ $ahead ->
        [one] 1 Partie
       *[other] { $ahead } Partien
    } davor): frag in einer Minute wieder.
exec-analysis-running = Die Analyse der Partie #{ $id } läuft: frag in einer Minute wieder.
exec-analysis-full = Die Warteschlange der Analysen ist voll: frag später wieder.
exec-analysis-off = Dieser Server macht keine Analysen.
exec-analysis-usage = (die Durchsicht jedes Zuges durch den starken Computer: replay { $id } --analysis)

## Correspondence games (src/lobby/seeks.rs, src/lobby/sessions.rs, src/game/mod.rs)

refusal-correspondence-days = eine Fernpartie gibt 1, 3 oder 7 Tage je Zug, nicht { $days }
refusal-correspondence-budget = die Gesamtzeit einer Fernpartie ist 15, 30 oder 60 Tage, nicht { $budget }
refusal-budget-without-days = eine Gesamtzeit gibt es nur in Fernpartien: gib zuerst die Tage je Zug an (3d 30d)
refusal-correspondence-clock = eine Fernpartie hat Tage je Zug und keine Uhr: wähle das eine oder das andere
refusal-correspondence-guest = eine Fernpartie dauert Tage: verbinde dich mit einem SSH-Schlüssel, um eine zu spielen (der Name eines Gastes gilt für einen Besuch)
refusal-own-correspondence-games = Du hast schon { $games } laufende Fernpartien: beende zuerst eine
refusal-their-correspondence-games = { $nick } hat schon { $games } laufende Fernpartien
refusal-correspondence-claim = eine Fernpartie wird nicht verlassen: dein Gegner hat bis zur Frist Zeit für seinen Zug
notice-your-move-now = { $opponent } hat gezogen: du bist am Zug in der Fernpartie #{ $game } (Enter auf ihr unter Laufende Partien)
notice-your-move-waiting = Du bist am Zug in { $count ->
        [one] der Fernpartie { $games }
       *[other] { $count } Fernpartien: { $games }
    } (unter Du bist am Zug; Enter auf einer spielt sie)
exec-my-turn-needs-key = games --my-turn nennt deine Fernpartien: verbinde dich mit dem SSH-Schlüssel, mit dem du spielst
exec-my-turn-none = keine Fernpartie wartet auf deinen Zug
exec-my-turn-row = #{ $game } gegen { $opponent } ({ $color }, { $variant }, Zug { $number }): fällig { $due } UTC, noch { $left }
exec-my-turn-setup-row = #{ $game } gegen { $opponent } ({ $color }, { $variant }, deine Aufstellung): fällig { $due } UTC, noch { $left }
exec-my-turn-budget = { $row }; Gesamtzeit: { $budget_left }
## The set-up library (src/service/setups.rs, src/ssh/session.rs)
refusal-setup-name-taken = du hast für diese Variante schon eine Aufstellung mit diesem Namen: wähle einen anderen
refusal-setup-missing = diese gespeicherte Aufstellung gibt es nicht mehr (auf einem anderen Terminal gelöscht?)
