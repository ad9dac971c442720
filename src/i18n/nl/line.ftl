# line (nl)
# De regelmodus (`ssh host play`): elke gebeurtenis één regel, getypte opdrachten, prompts.
# Geen regel langer dan 200 tekens. De opdrachtwoorden blijven Engels (ze zijn de grammatica voor scripts).

## Prompts

line-prompt-lobby = lobby>
line-prompt-setup = opstelling>
line-prompt-wait = wachten>
line-prompt-move = jouw zet>
line-prompt-over = partij voorbij>

## Lobby

line-welcome = Welkom, { $nick }. Je bent in de lobby: typ help voor de opdrachten.
line-help-lobby = Opdrachten in de lobby: who, seeks, computer [easy|hard], accept N, seek classic [10+5] [casual], games, say TEKST, quit, help.
line-who-count = { $count ->
        [one] 1 speler online:
       *[other] { $count } spelers online:
    }
line-who-player = { $nick }{ $rating }, { $status }
line-status-idle = in de lobby
line-status-seeking = zoekt een partij
line-status-playing = speelt partij { $game }
line-status-watching = kijkt naar partij { $game }
line-status-left = weg van partij { $game }
line-seeks-none = Geen open uitnodigingen. Typ seek classic 10+5 om er een te plaatsen, of computer easy om tegen de computer te spelen.
line-seek-item = { $n }. { $nick }: { $variant }, { $clock }, { $rated ->
        [rated] met rating
       *[casual] zonder rating
    }
line-seek-new = { $nick } zoekt een partij: { $variant }, { $clock }. Typ seeks, dan accept N.
line-games-none = Geen partijen bezig.
line-game-item = Partij { $game }: { $red } (Rood) tegen { $blue } (Blauw), { $variant }, zet { $ply }
line-chat = { $nick } zegt: { $text }
line-accept-which = Welke uitnodiging? Typ seeks voor de lijst, dan accept N (een getal van 1 tot { $count }).
line-accept-none = Er is geen open uitnodiging. Typ seeks om te kijken.
line-computer-level = { $level } is geen niveau: typ computer easy of computer hard.
line-computer-starting = Een partij tegen de computer ({ $level }) begint.
line-seek-usage = Typ seek classic, seek duel of seek barrage, dan een klok zoals 10+5 (of none) en eventueel casual.
line-seek-posted = Uitnodiging geplaatst. Wie haar aanneemt, begint de partij.
line-say-what = Wat zeggen? Typ say en je tekst.
line-bye = Tot ziens.

## Set-up

line-game-start = Partij { $game }: { $red } (Rood) tegen { $blue } (Blauw). Jij speelt { $color }.
line-setup-start = Stel je leger op: een willekeurige opstelling staat klaar. Typ show om haar te lezen, random voor een andere, ready om ermee te spelen.
line-help-setup = Opdrachten bij de opstelling: show, random, ready, say TEKST, help.
line-setup-row = Rij { $row }: { $pieces }
line-setup-random = Een nieuwe willekeurige opstelling. Typ show om haar te lezen, ready om ermee te spelen.
line-setup-sent = Opstelling verstuurd. Wacht op je tegenstander.
line-setup-done = Je opstelling is verstuurd. Wacht op je tegenstander.
line-opponent-ready = Je tegenstander is klaar.

## Play

line-play-start = De partij begint. Rood zet eerst.
line-help-play = Opdrachten in de partij: A4 A5 (of move A4 A5), board, last, clock, resign, say TEKST, help.
line-help-over = De partij is voorbij. Opdrachten: board, last, say TEKST, quit (terug naar de lobby), help.
line-your-turn = Jij bent aan zet.
line-your-turn-clocks = Jij bent aan zet. { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks = { $red_name } { $red }, { $blue_name } { $blue }.
line-no-clock-game = Deze partij heeft geen klok.
line-their-turn = { $nick } is aan zet.
line-not-your-turn = Je bent niet aan zet: wacht op de zet van je tegenstander.
line-move-usage = Typ een zet als twee velden, zoals A4 A5 (lijnen A tot J, rijen 1 tot 10).
line-no-piece = Op { $square } staat geen stuk van jou. Typ board om je stukken te zien.
line-cannot-move = Het stuk op { $from } kan niet naar { $to }. Typ board, dan een toegestane zet.
line-last-none = Nog geen zet.
line-board-head = Het bord van jouw kant, rij voor rij; { $color } speelt vanaf rij { $home }:
line-board-row = Rij { $row }: { $squares }
line-board-row-empty = Rij { $row }: leeg
line-board-own = { $square } { $rank }
line-board-enemy = { $square } tegenstander
line-board-enemy-moved = { $square } tegenstander, heeft gezet
line-board-enemy-known = { $square } tegenstander { $rank }
line-board-none = Er is nog geen bord.
line-over-won = Partij voorbij: je hebt gewonnen ({ $reason }).
line-over-lost = Partij voorbij: je hebt verloren ({ $reason }).
line-over-winner = Partij voorbij: { $nick } heeft gewonnen ({ $reason }).
line-over-draw = Partij voorbij: remise ({ $reason }).
line-over-next = Typ quit om terug te gaan naar de lobby, of board en last om terug te kijken.
line-resign-not-now = Er valt niets op te geven: de partij is voorbij.
line-back-in-lobby = Terug in de lobby.
line-quit-in-game = De partij gaat door: typ eerst resign om op te geven.

## Errors

line-unknown = { $word } is hier geen opdracht. Typ help voor de opdrachten.
line-too-long = Die regel is te lang (meer dan 200 bytes) en werd genegeerd.
