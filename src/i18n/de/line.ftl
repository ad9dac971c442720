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
line-help-lobby = Befehle in der Lobby: who, seeks, computer [easy|hard], accept N, seek classic [10+5] [casual], games, say TEXT, quit, help.
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
       *[casual] ungewertet
    }
line-seek-new = { $nick } sucht eine Partie: { $variant }, { $clock }. Tippe seeks, dann accept N.
line-games-none = Keine laufenden Partien.
line-game-item = Partie { $game }: { $red } (Rot) gegen { $blue } (Blau), { $variant }, Zug { $ply }
line-chat = { $nick } sagt: { $text }
line-accept-which = Welches Angebot? Tippe seeks für die Liste, dann accept N (eine Zahl von 1 bis { $count }).
line-accept-none = Es gibt kein offenes Angebot. Tippe seeks, um nachzusehen.
line-computer-level = { $level } ist keine Stufe: Tippe computer easy oder computer hard.
line-computer-starting = Eine Partie gegen den Computer ({ $level }) beginnt.
line-seek-usage = Tippe seek classic, seek duel oder seek barrage, dann eine Uhr wie 10+5 (oder none) und nach Wunsch casual.
line-seek-posted = Angebot gemacht. Wer es annimmt, beginnt die Partie.
line-say-what = Was sagen? Tippe say und deinen Text.
line-bye = Auf Wiedersehen.

## Set-up

line-game-start = Partie { $game }: { $red } (Rot) gegen { $blue } (Blau). Du spielst { $color }.
line-setup-start = Stelle deine Armee auf: Eine zufällige Aufstellung steht bereit. Tippe show, um sie zu lesen, random für eine andere, ready, um mit ihr zu spielen.
line-help-setup = Befehle der Aufstellung: show, random, ready, say TEXT, help.
line-setup-row = Reihe { $row }: { $pieces }
line-setup-random = Eine neue zufällige Aufstellung. Tippe show, um sie zu lesen, ready, um mit ihr zu spielen.
line-setup-sent = Aufstellung gesendet. Warte auf deinen Gegner.
line-setup-done = Deine Aufstellung ist gesendet. Warte auf deinen Gegner.
line-opponent-ready = Dein Gegner ist bereit.

## Play

line-play-start = Die Partie beginnt. Rot zieht zuerst.
line-help-play = Befehle der Partie: A4 A5 (oder move A4 A5), board, last, clock, resign, say TEXT, help.
line-help-over = Die Partie ist vorbei. Befehle: board, last, say TEXT, quit (zurück in die Lobby), help.
line-your-turn = Du bist am Zug.
line-your-turn-clocks = Du bist am Zug. { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks = { $red_name } { $red }, { $blue_name } { $blue }.
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
line-over-won = Partie vorbei: Du hast gewonnen ({ $reason }).
line-over-lost = Partie vorbei: Du hast verloren ({ $reason }).
line-over-winner = Partie vorbei: { $nick } hat gewonnen ({ $reason }).
line-over-draw = Partie vorbei: Remis ({ $reason }).
line-over-next = Tippe quit, um in die Lobby zurückzukehren, oder board und last, um zurückzublicken.
line-resign-not-now = Es gibt nichts aufzugeben: Die Partie ist vorbei.
line-back-in-lobby = Zurück in der Lobby.
line-quit-in-game = Die Partie läuft weiter: Tippe zuerst resign, um aufzugeben.

## Errors

line-unknown = { $word } ist hier kein Befehl. Tippe help für die Befehle.
line-too-long = Diese Zeile ist zu lang (über 200 Bytes) und wurde übergangen.
