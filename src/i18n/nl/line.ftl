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
line-help-lobby = Opdrachten in de lobby: who, seeks, accept N, decline N, seek classic [10+5|3d] [casual], challenge NICK [classic] [10+5|3d] [casual|private], cancel, computer [easy|hard].
line-help-lobby-more = Verder: games, turn, watch N, tournaments, join N, withdraw N, analysis N, leaderboard [classic], setups [classic], setup NAAM, explorer [classic] [mine], say TEKST, screens, quit, help.
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
        [rated] om rating
        [private] privé, vrijblijvend
       *[casual] vrijblijvend
    }
line-seek-item-challenge = { $n }. { $nick } daagt je uit: { $variant }, { $clock }, { $rated ->
        [rated] om rating
        [private] privé, vrijblijvend
       *[casual] vrijblijvend
    }
line-seek-new = { $nick } zoekt een partij: { $variant }, { $clock }. Typ seeks, dan accept N.
line-games-none = Geen lopende partijen.
line-tournaments-none = Geen toernooien. Een organisator maakt er een met ssh HOST tournament create.
line-tournament-item = Toernooi { $id }: { $name }, { $kind }, { $variant }, { $clock }, { $status }, { $players ->
        [one] 1 speler
       *[other] { $players } spelers
    }{ $joined ->
        [yes] , je doet mee
       *[no] {""}
    }
line-tournament-usage = Typ { $command } en het nummer van een toernooi, zoals { $command } 3. Typ tournaments voor de lijst.
line-tournament-none = Er is geen toernooi { $id }. Typ tournaments voor de lijst.
line-list-more = { $count ->
        [one] …en nog 1: typ { $command } { $page } voor de volgende pagina.
       *[other] …en nog { $count }: typ { $command } { $page } voor de volgende pagina.
    }
line-dropped = { $count ->
        [one] (1 regel werd niet getoond: je terminal las hem niet op tijd.)
       *[other] ({ $count } regels werden niet getoond: je terminal las ze niet op tijd.)
    }
line-game-item = Partij { $game }: { $red } (Rood) tegen { $blue } (Blauw), { $variant }, zet { $number }
line-chat = { $nick } zegt: { $text }
line-accept-which = Welke uitnodiging? Typ seeks voor de lijst, dan accept N (een getal van 1 tot { $count }).
line-accept-none = Er is geen open uitnodiging. Typ seeks om te kijken.
line-computer-level = { $level } is geen niveau: typ computer easy of computer hard.
line-computer-starting = Een partij tegen de computer ({ $level }) begint.
line-seek-usage = Typ seek classic, seek duel of seek barrage, dan een klok zoals 10+5 (of none) en eventueel casual.
line-seek-posted = Uitnodiging geplaatst. Wie haar aanneemt, begint de partij.
line-say-what = Wat zeggen? Typ say en je tekst.
line-challenge-usage = Typ challenge en een nick, dan eventueel classic, duel of barrage, een klok zoals 10+5 (of none), en casual of private (een privépartij: alleen jullie twee weten ervan; vrijblijvend).
line-challenge-self = Je kunt jezelf niet uitdagen: typ who om te zien wie er online is.
line-challenge-private-rated = Een privépartij is vrijblijvend: ratings zijn openbaar. Typ de uitdaging opnieuw zonder rated, of zonder private om een partij om rating te spelen.
line-challenge-sent = Uitdaging aan { $nick } verstuurd. Typ cancel om haar in te trekken.
line-challenge-new = { $nick } daagt je uit: { $variant }, { $clock }, { $rated ->
        [rated] om rating
        [private] privé, vrijblijvend
       *[casual] vrijblijvend
    }. Typ seeks, dan accept N of decline N.
line-cancel-none = Je hebt geen open uitnodiging of uitdaging om in te trekken.
line-cancel-done = { $count ->
        [one] Je uitnodiging is ingetrokken.
       *[other] Je { $count } uitnodigingen zijn ingetrokken.
    }
line-decline-none = Er staat geen uitdaging aan jou in de lijst. Typ seeks om te kijken.
line-decline-which = Welke uitdaging afwijzen? Typ seeks voor de lijst, dan decline N (een getal van 1 tot { $count }).
line-decline-not-challenge = Dat is een open uitnodiging van { $nick }, geen uitdaging aan jou: er valt niets af te wijzen.
line-decline-done = Je hebt de uitdaging van { $nick } afgewezen.
line-watch-usage = Typ watch en het nummer van een partij, zoals watch 12. Typ games voor de lijst.
line-watch-none = Er is geen partij { $game } bezig. Typ games voor de lijst.
line-watch-private = Partij { $game } is privé: je kunt er niet naar kijken.
line-watch-start = Je kijkt naar partij { $game }: { $red } (Rood) tegen { $blue } (Blauw). Typ board om haar te zien, quit om te gaan.
line-watch-move = { $nick }: { $sentence }
line-leaders-usage = Typ leaderboard, of leaderboard classic, duel of barrage.
line-leaders-head = Ranglijst, { $variant }:
line-leaders-row = { $rank }. { $nick }, rating { $rating }, { $games ->
        [one] 1 partij
       *[other] { $games } partijen
    }
line-leaders-none = Nog niemand heeft een rating in { $variant }.
line-bye = Tot ziens.

## Set-up

line-game-start = Partij { $game }: { $red } (Rood) tegen { $blue } (Blauw). Jij speelt { $color }.
line-setup-start = Stel je leger op: een willekeurige opstelling staat klaar. Typ show om haar te lezen, random voor een andere, ready om ermee te spelen.
line-help-setup = Opdrachten bij de opstelling: show, row 3, swap A1 B2, place A1 Maarschalk, random, setups, load NAAM, save NAAM, ready, board, resign, abort, say TEKST, help.
line-help-setup-sent = Je opstelling is verstuurd. Opdrachten: show, row 3, board, setups, save NAAM, resign, abort, say TEKST, help.
line-row-usage = Typ row en een getal van 1 tot 10, zoals row 3.
line-setup-not-yours = { $square } is geen van je opstellingsvelden. Typ show om ze te zien.
line-setup-empty = niets
line-swap-usage = Typ swap en twee van je velden, zoals swap A1 B2.
line-swapped = Gewisseld: op { $a } staat nu { $arank }, op { $b } { $brank }.
line-place-usage = Typ place, een veld en een rang, zoals place A1 Maarschalk of place A1 10.
line-rank-unknown = { $rank } is geen rang. Typ een naam zoals Maarschalk of Verkenner, een getal, of B voor Bom, F voor Vlag.
line-place-already = Op { $square } staat al: { $rank }.
line-place-none = Je leger heeft geen { $rank }.
line-placed = { $rank } staat nu op { $square } en kwam van { $from }; daar staat nu: { $other }.
line-placed-empty = { $rank } staat nu op { $square } en kwam van { $from }; dat veld is nu leeg.
line-setups-list = Je bewaarde opstellingen voor { $variant }: { $names }. Typ load en een naam.
line-setups-none = Je hebt geen bewaarde opstellingen voor { $variant }. Typ save en een naam om deze te bewaren.
line-load-usage = Typ load en de naam van een bewaarde opstelling. Typ setups voor de lijst.
line-load-none = Je hebt geen opstelling met de naam { $name } voor { $variant }. Typ setups voor de lijst.
line-load-bad = { $name } past niet bij de regels van deze partij: je opstelling blijft zoals ze is.
line-loaded = Opstelling { $name } geladen. Typ show om haar te lezen, ready om ermee te spelen.
line-save-usage = Typ save en een naam voor deze opstelling, zoals save vesting.
line-save-long = Die naam is te lang: hoogstens { $max } tekens.
line-saved = Opstelling bewaard als { $name }.
line-setup-row = Rij { $row }: { $pieces }
line-setup-random = Een nieuwe willekeurige opstelling. Typ show om haar te lezen, ready om ermee te spelen.
line-setup-sent = Opstelling verstuurd. Wacht op je tegenstander.
line-setup-done = Je opstelling is verstuurd. Wacht op je tegenstander.
line-opponent-ready = Je tegenstander is klaar.

## Play

line-play-start = De partij begint. Rood zet eerst.
line-help-play = Opdrachten in de partij: A4 A5 (of move A4 A5), board, row 6, col D, square D6, pieces, last, moves 10, clock, note D7 bomb, notes, draw, decline, resign, claim, say TEKST, help.
line-note-made = Notitie bij { $square } (alleen jij ziet hem): { $guess }
line-note-cleared = Notitie bij { $square } gewist.
line-notes-none = Je hebt geen notities. Een notitie: note VELD GOK, bijvoorbeeld note D7 bomb.
line-notes = Je notities: { $notes }.
line-notes-item = { $square } { $guess }
line-board-noted = { $item } (je notitie: { $guess })
line-help-over = De partij is voorbij. Opdrachten: board, row 6, col D, square D6, pieces, last, moves 10, rematch, say TEKST, quit (terug naar de lobby), help.
line-help-watch = Je kijkt toe. Opdrachten: board, row 6, col D, square D6, pieces, last, moves 10, clock, say TEKST, quit (terug naar de lobby), help.
line-your-turn = Jij bent aan zet.
line-your-turn-clocks = Jij bent aan zet. { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks = { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks-budget = { $clocks } Totale tijd: { $red_name } { $red }, { $blue_name } { $blue }.
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
line-board-head-watch = Het bord zoals kijkers het zien, van de kant van { $color }, rij voor rij:
line-board-side = { $square } stuk van { $color }
line-board-side-moved = { $square } stuk van { $color }, heeft gezet
line-board-side-known = { $square } { $color } { $rank }
line-col = Lijn { $file }: { $squares }
line-col-empty = Lijn { $file }: leeg
line-col-usage = Typ col en een letter van A tot J, zoals col D.
line-square-usage = Typ square en een veld, zoals square D6.
line-square-lake = { $square } is een meer.
line-square-empty = { $square } is leeg.
line-square-own = { $square }: je eigen stuk, { $rank }{ $moved ->
        [yes] , heeft gezet
       *[no] {""}
    }.
line-square-enemy = { $square }: een stuk van de tegenstander, rang onbekend, heeft niet gezet.
line-square-enemy-moved = { $square }: een stuk van de tegenstander, rang onbekend, heeft gezet.
line-square-enemy-known = { $square }: een stuk van de tegenstander, { $rank }.
line-square-side = { $square }: een stuk van { $color }, rang onbekend, heeft niet gezet.
line-square-side-moved = { $square }: een stuk van { $color }, rang onbekend, heeft gezet.
line-square-side-known = { $square }: een stuk van { $color }, { $rank }.
line-rank-count = { $rank } { $count }
line-pieces-no-ranks = geen
line-pieces-own = { $count ->
        [one] Je hebt nog 1 stuk
       *[other] Je hebt nog { $count } stukken
    }: { $ranks }.
line-pieces-side = { $color }: { $count } op het bord; onthuld: { $revealed }.
line-pieces-side-hidden = { $color }: { $count } op het bord, geen onthuld.
line-pieces-side-left = { $color }, resterende rangen voor zover bekend: { $ranks }.
line-pieces-side-lost = Geslagen stukken van { $color }: { $ranks }{ $unknown ->
        [0] {""}
        [one] , en 1 onbekend
       *[other] , en { $unknown } onbekend
    }.
line-moves-usage = Typ moves en een getal, zoals moves 10.
line-draw-sent = Remise aangeboden. Je tegenstander kan aannemen of doorspelen.
line-draw-already = Je hebt al remise aangeboden: wacht op het antwoord.
line-draw-offer-to-you = { $nick } biedt remise aan: typ draw om aan te nemen, decline om te weigeren.
line-draw-offer-by = { $nick } biedt remise aan.
line-draw-declined = Je hebt de remise geweigerd.
line-draw-none = Er is geen remiseaanbod om te weigeren.
line-draw-lapsed = { $nick } speelde door: je remiseaanbod vervalt.
line-opponent-gone = { $nick } heeft de partij verlaten: { $seconds } seconden om terug te komen. Zo niet, typ claim om te winnen.
line-opponent-gone-plain = { $nick } heeft de partij verlaten.
line-opponent-back = { $nick } is terug.
line-claim-now = { $nick } is niet op tijd teruggekomen: typ claim om te winnen, of wacht.
line-claim-not-yet = Je kunt de winst pas opeisen als de tijd van je tegenstander om terug te komen om is.
line-rematch-asked = Revanche gevraagd: de partij begint als { $nick } instemt.
line-rematch-already = Je hebt al om revanche gevraagd: wacht op je tegenstander.
line-rematch-gone = { $nick } is weg: geen revanche.
line-rematch-offered = { $nick } wil een revanche: typ rematch om nog eens te spelen.
line-over-won = Partij voorbij: je hebt gewonnen ({ $reason }).
line-over-lost = Partij voorbij: je hebt verloren ({ $reason }).
line-over-winner = Partij voorbij: { $nick } heeft gewonnen ({ $reason }).
line-over-draw = Partij voorbij: remise ({ $reason }).
line-game-link = De partij op het web: { $url }
line-over-next = Typ quit om terug te gaan naar de lobby, of board en last om terug te kijken.
line-resign-not-now = Er valt niets op te geven: de partij is voorbij.
line-back-in-lobby = Terug in de lobby.
line-quit-in-game = De partij gaat door: typ eerst resign om op te geven.

## Errors

line-unknown = { $word } is hier geen opdracht. Typ help voor de opdrachten.
line-too-long = Die regel is te lang (meer dan 200 bytes) en werd genegeerd.
line-help-comeback = Valt je verbinding weg, kom dan terug in je partij met: { $command }
line-typed-dropped = Je typte { $count } bytes sneller dan de opdrachten konden worden uitgevoerd: ze werden genegeerd. Wacht op de prompt voor je meer typt.
line-analysis-usage = Typ analysis N voor de fouten in de afgelopen partij N (analysis N all: elke zet).
line-analysis-head = Analyse van partij #{ $id } ({ $red } tegen { $blue }) door de sterke computer: ? een fout (verliest { $mistake } of meer), ?? een blunder ({ $blunder } of meer); waarden vanuit de kant die zette.
line-analysis-ply = { $ply }. { $color } { $played }: naar kennis { $seen }; achteraf { $hindsight }
line-analysis-judged = beste { $best } { $before } naar { $after }{ $mark }
line-turn-none = Geen correspondentiepartij wacht op jouw zet.
line-turn-item = Partij { $game } tegen { $opponent }, { $variant }, zet { $number }: jij bent aan zet, uiterlijk { $due } UTC (nog { $left }). Typ watch { $game } om hem te spelen.
line-turn-setup-item = Partij { $game } tegen { $opponent }, { $variant }: jouw opstelling, uiterlijk { $due } UTC (nog { $left }). Typ watch { $game } om op te stellen.
line-turn-budget = { $item } Totale tijd: { $budget_left }.
line-turn-waiting = { $count ->
        [one] Jij bent aan zet in correspondentiepartij { $games }. Typ turn voor de lijst, watch N om te spelen.
       *[other] Jij bent aan zet in { $count } correspondentiepartijen: { $games }. Typ turn voor de lijst, watch N om er een te spelen.
    }
line-turn-new = Jij bent aan zet in correspondentiepartij { $game } (turn noemt ze; watch { $game } speelt hem).
line-days-hours = { $days ->
        [0] { $hours } u
       *[other] { $days } d { $hours } u
    }
line-left-correspondence = Je hebt correspondentiepartij { $game } verlaten: hij wacht op je (turn noemt hem; watch { $game } brengt je terug). Terug in de lobby.

## The set-up library and explorer (src/ui/line.rs)
line-library-usage = Typ setups [classic|duel|barrage] voor je bewaarde opstellingen, of setup en een naam voor één.
line-library-none = Je hebt geen bewaarde opstellingen voor {$variant}. Bewaar er een tijdens het opstellen (save NAAM).
line-library-no-such = Je hebt geen bewaarde opstelling {$name}. Typ setups voor de lijst.
line-library-head = Je opstellingen voor {$variant} ({$count}), met je beëindigde partijen ermee:
line-library-row = { $games ->
        [one] {$name}: 1 partij, {$wins} gewonnen, {$draws} remise, {$losses} verloren
       *[other] {$name}: {$games} partijen, {$wins} gewonnen, {$draws} remise, {$losses} verloren
    }
line-library-setup = {$name} ({$variant}), van de voorste tot de achterste rij:
line-explorer-usage = Typ explorer [classic|duel|barrage] [mine].
line-explorer-head = Opstellingsverkenner, {$variant}, de beëindigde partijen van de server: {$armies} legers (velden als voor Rood, rij 1 achteraan).
line-explorer-head-mine = Opstellingsverkenner, {$variant}, je beëindigde partijen: {$armies} legers (velden als voor Rood, rij 1 achteraan).
line-explorer-common = {$games} keer gespeeld, score {$score}%: {$setup}
line-explorer-common-none = Geen opstelling werd twee keer gespeeld.
