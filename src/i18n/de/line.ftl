# line (de)
# Der Zeilenmodus (`ssh host play`): jedes Ereignis eine Zeile, getippte Befehle, Eingabeaufforderungen.
# Keine Zeile über 200 Zeichen. Die Befehlswörter bleiben englisch (sie sind die Grammatik für Skripte).

## Prompts

line-prompt-lobby = lobby>
line-prompt-setup = aufstellung>
line-prompt-wait = warten>
line-prompt-move = dein zug>
line-prompt-over = partie vorbei>

## Lobby

line-welcome = Willkommen, { $nick }. Du bist in der Lobby: Tippe help für die Befehle.
line-help-lobby = Befehle in der Lobby: who, seeks, accept N, decline N, seek classic [10+5|3d] [casual], challenge NICK [classic] [10+5|3d] [casual|private], cancel, computer [easy|hard].
line-help-lobby-more = Dazu: games, turn, watch N, tournaments, join N, withdraw N, analysis N, leaderboard [classic], setups [classic], setup NAME, explorer [classic] [mine], say TEXT, screens, quit, help.
line-who-count = { $count ->
        [one] 1 Spieler online:
       *[other] { $count } Spieler online:
    }
line-who-player = { $nick }{ $rating }, { $status }
line-status-idle = in der Lobby
line-status-seeking = sucht eine Partie
line-status-playing = spielt Partie { $game }
line-status-watching = schaut Partie { $game } zu
line-status-left = weg von Partie { $game }
line-seeks-none = Keine offenen Angebote. Tippe seek classic 10+5, um eines zu machen, oder computer easy, um gegen den Computer zu spielen.
line-seek-item = { $n }. { $nick }: { $variant }, { $clock }, { $rated ->
        [rated] gewertet
        [private] privat, ungewertet
       *[casual] ungewertet
    }
line-seek-item-challenge = { $n }. { $nick } fordert dich heraus: { $variant }, { $clock }, { $rated ->
        [rated] gewertet
        [private] privat, ungewertet
       *[casual] ungewertet
    }
line-seek-new = { $nick } sucht eine Partie: { $variant }, { $clock }. Tippe seeks, dann accept N.
line-games-none = Keine laufenden Partien.
line-tournaments-none = Keine Turniere. Wer organisiert, legt eines mit ssh HOST tournament create an.
line-tournament-item = Turnier { $id }: { $name }, { $kind }, { $variant }, { $clock }, { $status }, { $players ->
        [one] 1 Spieler
       *[other] { $players } Spieler
    }{ $joined ->
        [yes] , du spielst mit
       *[no] {""}
    }
line-tournament-usage = Tippe { $command } und die Nummer eines Turniers, etwa { $command } 3. Tippe tournaments für die Liste.
line-tournament-none = Es gibt kein Turnier { $id }. Tippe tournaments für die Liste.
line-list-more = { $count ->
        [one] …und 1 weiterer Eintrag: tippe { $command } { $page } für die nächste Seite.
       *[other] …und { $count } weitere Einträge: tippe { $command } { $page } für die nächste Seite.
    }
line-dropped = { $count ->
        [one] (1 Zeile wurde nicht gezeigt: dein Terminal hat sie nicht rechtzeitig gelesen.)
       *[other] ({ $count } Zeilen wurden nicht gezeigt: dein Terminal hat sie nicht rechtzeitig gelesen.)
    }
line-game-item = Partie { $game }: { $red } (Rot) gegen { $blue } (Blau), { $variant }, Zug { $number }
line-chat = { $nick } sagt: { $text }
line-accept-which = Welches Angebot? Tippe seeks für die Liste, dann accept N (eine Zahl von 1 bis { $count }).
line-accept-none = Es gibt kein offenes Angebot. Tippe seeks, um nachzusehen.
line-computer-level = { $level } ist keine Stufe: Tippe computer easy oder computer hard.
line-computer-starting = Eine Partie gegen den Computer ({ $level }) beginnt.
line-seek-usage = Tippe seek classic, seek duel oder seek barrage, dann eine Uhr wie 10+5 (oder none) und nach Wunsch casual.
line-seek-posted = Angebot gemacht. Wer es annimmt, beginnt die Partie.
line-say-what = Was sagen? Tippe say und deinen Text.
line-challenge-usage = Tippe challenge und einen Nick, dann nach Wunsch classic, duel oder barrage, eine Uhr wie 10+5 (oder none), und casual oder private (eine private Partie: nur ihr zwei wisst davon; ungewertet).
line-challenge-self = Du kannst dich nicht selbst herausfordern: Tippe who, um zu sehen, wer online ist.
line-challenge-private-rated = Eine private Partie ist ungewertet: Wertungen sind öffentlich. Tippe die Herausforderung noch einmal ohne rated, oder ohne private, um gewertet zu spielen.
line-challenge-sent = Herausforderung an { $nick } gesendet. Tippe cancel, um sie zurückzunehmen.
line-challenge-new = { $nick } fordert dich heraus: { $variant }, { $clock }, { $rated ->
        [rated] gewertet
        [private] privat, ungewertet
       *[casual] ungewertet
    }. Tippe seeks, dann accept N oder decline N.
line-cancel-none = Du hast kein offenes Angebot und keine Herausforderung zum Zurücknehmen.
line-cancel-done = { $count ->
        [one] Dein Angebot ist zurückgenommen.
       *[other] Deine { $count } Angebote sind zurückgenommen.
    }
line-decline-none = Es ist keine Herausforderung an dich aufgelistet. Tippe seeks, um nachzusehen.
line-decline-which = Welche Herausforderung ablehnen? Tippe seeks für die Liste, dann decline N (eine Zahl von 1 bis { $count }).
line-decline-not-challenge = Das ist ein offenes Angebot von { $nick }, keine Herausforderung an dich: Es gibt nichts abzulehnen.
line-decline-done = Du hast die Herausforderung von { $nick } abgelehnt.
line-watch-usage = Tippe watch und die Nummer einer Partie, etwa watch 12. Tippe games für die Liste.
line-watch-none = Es läuft keine Partie { $game }. Tippe games für die Liste.
line-watch-private = Partie { $game } ist privat: Man kann ihr nicht zuschauen.
line-watch-start = Du schaust Partie { $game } zu: { $red } (Rot) gegen { $blue } (Blau). Tippe board, um sie zu sehen, quit, um zu gehen.
line-watch-move = { $nick }: { $sentence }
line-leaders-usage = Tippe leaderboard, oder leaderboard classic, duel oder barrage.
line-leaders-head = Rangliste, { $variant }:
line-leaders-row = { $rank }. { $nick }, Wertung { $rating }, { $games ->
        [one] 1 Partie
       *[other] { $games } Partien
    }
line-leaders-none = In { $variant } hat noch niemand eine Wertung.
line-bye = Auf Wiedersehen.

## Set-up

line-game-start = Partie { $game }: { $red } (Rot) gegen { $blue } (Blau). Du spielst { $color }.
line-setup-start = Stelle deine Armee auf: Eine zufällige Aufstellung steht bereit. Tippe show, um sie zu lesen, random für eine andere, ready, um mit ihr zu spielen.
line-help-setup = Befehle der Aufstellung: show, row 3, swap A1 B2, place A1 Feldmarschall, random, setups, load NAME, save NAME, ready, board, resign, abort, say TEXT, help.
line-help-setup-sent = Deine Aufstellung ist gesendet. Befehle: show, row 3, board, setups, save NAME, resign, abort, say TEXT, help.
line-row-usage = Tippe row und eine Zahl von 1 bis 10, etwa row 3.
line-setup-not-yours = { $square } ist keines deiner Aufstellungsfelder. Tippe show, um sie zu sehen.
line-setup-empty = nichts
line-swap-usage = Tippe swap und zwei deiner Felder, etwa swap A1 B2.
line-swapped = Getauscht: Auf { $a } steht jetzt { $arank }, auf { $b } { $brank }.
line-place-usage = Tippe place, ein Feld und einen Rang, etwa place A1 Feldmarschall oder place A1 10.
line-rank-unknown = { $rank } ist kein Rang. Tippe einen Namen wie Feldmarschall oder Aufklärer, eine Zahl, oder B für Bombe, F für Fahne.
line-place-already = Auf { $square } steht schon: { $rank }.
line-place-none = Deine Armee hat keine Figur dieses Rangs: { $rank }.
line-placed = { $rank } steht jetzt auf { $square } und kam von { $from }; dort steht jetzt: { $other }.
line-placed-empty = { $rank } steht jetzt auf { $square } und kam von { $from }; dort ist jetzt frei.
line-setups-list = Deine gespeicherten Aufstellungen für { $variant }: { $names }. Tippe load und einen Namen.
line-setups-none = Du hast keine gespeicherten Aufstellungen für { $variant }. Tippe save und einen Namen, um diese zu behalten.
line-load-usage = Tippe load und den Namen einer gespeicherten Aufstellung. Tippe setups für die Liste.
line-load-none = Du hast keine Aufstellung namens { $name } für { $variant }. Tippe setups für die Liste.
line-load-bad = { $name } passt nicht zu den Regeln dieser Partie: Deine Aufstellung bleibt, wie sie ist.
line-loaded = Aufstellung { $name } geladen. Tippe show, um sie zu lesen, ready, um mit ihr zu spielen.
line-save-usage = Tippe save und einen Namen für diese Aufstellung, etwa save festung.
line-save-long = Dieser Name ist zu lang: höchstens { $max } Zeichen.
line-saved = Aufstellung gespeichert als { $name }.
line-setup-row = Reihe { $row }: { $pieces }
line-setup-random = Eine neue zufällige Aufstellung. Tippe show, um sie zu lesen, ready, um mit ihr zu spielen.
line-setup-sent = Aufstellung gesendet. Warte auf deinen Gegner.
line-setup-done = Deine Aufstellung ist gesendet. Warte auf deinen Gegner.
line-opponent-ready = Dein Gegner ist bereit.

## Play

line-play-start = Die Partie beginnt. Rot zieht zuerst.
line-help-play = Befehle der Partie: A4 A5 (oder move A4 A5), board, row 6, col D, square D6, pieces, last, moves 10, clock, note D7 bomb, notes, draw, decline, resign, claim, say TEXT, help.
line-note-made = Notiz zu { $square } (nur du siehst sie): { $guess }
line-note-cleared = Notiz zu { $square } gelöscht.
line-notes-none = Du hast keine Notizen. Eine Notiz: note FELD VERMUTUNG, etwa note D7 bomb.
line-notes = Deine Notizen: { $notes }.
line-notes-item = { $square } { $guess }
line-board-noted = { $item } (deine Notiz: { $guess })
line-help-over = Die Partie ist vorbei. Befehle: board, row 6, col D, square D6, pieces, last, moves 10, rematch, say TEXT, quit (zurück in die Lobby), help.
line-help-watch = Du schaust zu. Befehle: board, row 6, col D, square D6, pieces, last, moves 10, clock, say TEXT, quit (zurück in die Lobby), help.
line-your-turn = Du bist am Zug.
line-your-turn-clocks = Du bist am Zug. { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks = { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks-budget = { $clocks } Gesamtzeit: { $red_name } { $red }, { $blue_name } { $blue }.
line-no-clock-game = Diese Partie hat keine Uhr.
line-their-turn = { $nick } ist am Zug.
line-not-your-turn = Du bist nicht am Zug: Warte auf den Zug deines Gegners.
line-move-usage = Tippe einen Zug als zwei Felder, etwa A4 A5 (Linien A bis J, Reihen 1 bis 10).
line-no-piece = Auf { $square } steht keine Figur von dir. Tippe board, um deine Figuren zu sehen.
line-cannot-move = Die Figur auf { $from } kann nicht nach { $to } ziehen. Tippe board, dann einen erlaubten Zug.
line-last-none = Noch kein Zug.
line-board-head = Das Brett von deiner Seite, Reihe für Reihe; { $color } spielt von Reihe { $home } aus:
line-board-row = Reihe { $row }: { $squares }
line-board-row-empty = Reihe { $row }: leer
line-board-own = { $square } { $rank }
line-board-enemy = { $square } Gegner
line-board-enemy-moved = { $square } Gegner, hat gezogen
line-board-enemy-known = { $square } Gegner { $rank }
line-board-none = Es gibt noch kein Brett.
line-board-head-watch = Das Brett, wie Zuschauer es sehen, von der Seite von { $color }, Reihe für Reihe:
line-board-side = { $square } Figur von { $color }
line-board-side-moved = { $square } Figur von { $color }, hat gezogen
line-board-side-known = { $square } { $color } { $rank }
line-col = Linie { $file }: { $squares }
line-col-empty = Linie { $file }: leer
line-col-usage = Tippe col und einen Buchstaben von A bis J, etwa col D.
line-square-usage = Tippe square und ein Feld, etwa square D6.
line-square-lake = { $square } ist ein See.
line-square-empty = { $square } ist leer.
line-square-own = { $square }: deine Figur, { $rank }{ $moved ->
        [yes] , hat gezogen
       *[no] {""}
    }.
line-square-enemy = { $square }: eine gegnerische Figur, Rang unbekannt, hat nicht gezogen.
line-square-enemy-moved = { $square }: eine gegnerische Figur, Rang unbekannt, hat gezogen.
line-square-enemy-known = { $square }: eine gegnerische Figur, { $rank }.
line-square-side = { $square }: eine Figur von { $color }, Rang unbekannt, hat nicht gezogen.
line-square-side-moved = { $square }: eine Figur von { $color }, Rang unbekannt, hat gezogen.
line-square-side-known = { $square }: eine Figur von { $color }, { $rank }.
line-rank-count = { $rank } { $count }
line-pieces-no-ranks = keine
line-pieces-own = { $count ->
        [one] Dir bleibt 1 Figur
       *[other] Dir bleiben { $count } Figuren
    }: { $ranks }.
line-pieces-side = { $color }: { $count } auf dem Brett; aufgedeckt: { $revealed }.
line-pieces-side-hidden = { $color }: { $count } auf dem Brett, keine aufgedeckt.
line-pieces-side-left = { $color }, übrige Ränge, soweit bekannt: { $ranks }.
line-pieces-side-lost = Geschlagene Figuren von { $color }: { $ranks }{ $unknown ->
        [0] {""}
        [one] , dazu 1 unbekannte Figur
       *[other] , dazu { $unknown } unbekannte Figuren
    }.
line-moves-usage = Tippe moves und eine Zahl, etwa moves 10.
line-draw-sent = Remis angeboten. Dein Gegner kann annehmen oder weiterspielen.
line-draw-already = Du hast schon Remis angeboten: Warte auf die Antwort.
line-draw-offer-to-you = { $nick } bietet Remis an: Tippe draw, um anzunehmen, decline, um abzulehnen.
line-draw-offer-by = { $nick } bietet Remis an.
line-draw-declined = Du hast das Remis abgelehnt.
line-draw-none = Es gibt kein Remisangebot zum Ablehnen.
line-draw-lapsed = { $nick } hat weitergespielt: Dein Remisangebot gilt nicht mehr.
line-opponent-gone = { $nick } hat die Partie verlassen: { $seconds } Sekunden, um zurückzukommen. Sonst tippe claim, um zu gewinnen.
line-opponent-gone-plain = { $nick } hat die Partie verlassen.
line-opponent-back = { $nick } ist zurück.
line-claim-now = { $nick } ist nicht rechtzeitig zurückgekommen: Tippe claim, um zu gewinnen, oder warte.
line-claim-not-yet = Den Sieg kannst du erst beanspruchen, wenn die Zeit deines Gegners zum Zurückkommen abgelaufen ist.
line-rematch-asked = Revanche erbeten: Die Partie beginnt, wenn { $nick } zustimmt.
line-rematch-already = Du hast schon um Revanche gebeten: Warte auf deinen Gegner.
line-rematch-gone = { $nick } ist gegangen: keine Revanche.
line-rematch-offered = { $nick } möchte eine Revanche: Tippe rematch, um noch einmal zu spielen.
line-over-won = Partie vorbei: Du hast gewonnen ({ $reason }).
line-over-lost = Partie vorbei: Du hast verloren ({ $reason }).
line-over-winner = Partie vorbei: { $nick } hat gewonnen ({ $reason }).
line-over-draw = Partie vorbei: Remis ({ $reason }).
line-game-link = Die Partie im Web: { $url }
line-over-next = Tippe quit, um in die Lobby zurückzukehren, oder board und last, um zurückzublicken.
line-resign-not-now = Es gibt nichts aufzugeben: Die Partie ist vorbei.
line-back-in-lobby = Zurück in der Lobby.
line-quit-in-game = Die Partie läuft weiter: Tippe zuerst resign, um aufzugeben.

## Errors

line-unknown = { $word } ist hier kein Befehl. Tippe help für die Befehle.
line-too-long = Diese Zeile ist zu lang (über 200 Bytes) und wurde übergangen.
line-help-comeback = Wenn die Verbindung abbricht, kommst du so in deine Partie zurück: { $command }
line-typed-dropped = Du hast { $count } Bytes schneller getippt, als die Befehle ausgeführt werden konnten: sie wurden übergangen. Warte auf die Eingabeaufforderung, bevor du weitertippst.
line-analysis-usage = Tippe analysis N für die Fehler der beendeten Partie N (analysis N all: jeder Zug).
line-analysis-head = Analyse der Partie #{ $id } ({ $red } gegen { $blue }) durch den starken Computer: ? ein Fehler (verliert { $mistake } oder mehr), ?? ein grober Fehler ({ $blunder } oder mehr); Werte aus Sicht der ziehenden Seite.
line-analysis-ply = { $ply }. { $color } { $played }: nach Wissen { $seen }; im Nachhinein { $hindsight }
line-analysis-judged = bester { $best } { $before } zu { $after }{ $mark }
line-turn-none = Keine Fernpartie wartet auf deinen Zug.
line-turn-item = Partie { $game } gegen { $opponent }, { $variant }, Zug { $number }: du bist am Zug, fällig { $due } UTC (noch { $left }). Tippe watch { $game }, um sie zu spielen.
line-turn-setup-item = Partie { $game } gegen { $opponent }, { $variant }: deine Aufstellung, fällig { $due } UTC (noch { $left }). Tippe watch { $game }, um aufzustellen.
line-turn-budget = { $item } Gesamtzeit: { $budget_left }.
line-turn-waiting = { $count ->
        [one] Du bist am Zug in der Fernpartie { $games }. Tippe turn für die Liste, watch N zum Spielen.
       *[other] Du bist am Zug in { $count } Fernpartien: { $games }. Tippe turn für die Liste, watch N, um eine zu spielen.
    }
line-turn-new = Du bist am Zug in der Fernpartie { $game } (turn nennt sie; watch { $game } spielt sie).
line-days-hours = { $days ->
        [0] { $hours } Std.
       *[other] { $days } T { $hours } Std.
    }
line-left-correspondence = Du hast die Fernpartie { $game } verlassen: sie wartet auf dich (turn nennt sie; watch { $game } führt zurück). Zurück in der Lobby.

## The set-up library and explorer (src/ui/line.rs)
line-library-usage = Tippe setups [classic|duel|barrage] für deine gespeicherten Aufstellungen, oder setup und einen Namen für eine.
line-library-none = Du hast keine gespeicherten Aufstellungen für {$variant}. Speichere eine beim Aufstellen (save NAME).
line-library-no-such = Du hast keine gespeicherte Aufstellung {$name}. Tippe setups für die Liste.
line-library-head = Deine Aufstellungen für {$variant} ({$count}), mit deinen beendeten Partien damit:
line-library-row = { $games ->
        [one] {$name}: 1 Partie, {$wins} gewonnen, {$draws} remis, {$losses} verloren
       *[other] {$name}: {$games} Partien, {$wins} gewonnen, {$draws} remis, {$losses} verloren
    }
line-library-setup = {$name} ({$variant}), von der vorderen bis zur hinteren Reihe:
line-explorer-usage = Tippe explorer [classic|duel|barrage] [mine].
line-explorer-head = Aufstellungs-Explorer, {$variant}, die beendeten Partien des Servers: {$armies} Armeen (Felder wie für Rot, Reihe 1 hinten).
line-explorer-head-mine = Aufstellungs-Explorer, {$variant}, deine beendeten Partien: {$armies} Armeen (Felder wie für Rot, Reihe 1 hinten).
line-explorer-common = {$games}-mal gespielt, Ergebnis {$score}%: {$setup}
line-explorer-common-none = Keine Aufstellung wurde zweimal gespielt.
