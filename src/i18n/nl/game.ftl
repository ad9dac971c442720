# Nederlands: het speelscherm (src/ui/game.rs) en gevechten en zetten in woorden (src/ui/words.rs).
# Namen van de stukken zoals in de Nederlandse spelregels; het zijn allemaal de-woorden.

## Game screen: header (src/ui/game.rs)

game-rated = om rating
game-casual = vrijblijvend
game-no-clock = zonder klok
game-budget-left = nog { $left } van { $budget } d
game-number = partij #{ $id }
game-you-play = je speelt { $color }
game-watching = je kijkt mee
game-spectators = { $count ->
    [one] { $count } kijker
   *[other] { $count } kijkers
}
game-rules-no-two-square = geen 2-vakkenregel
game-rules-two-square = 2-vakkenregel: { $count }
game-rules-chasing = achtervolgingsregel
game-rules-attacker-wins-ties = aanvaller wint bij gelijke rang
game-rules-silent-defense = stille verdediging
game-rules-rescue = redding
game-rules-blocked-side-loses = geblokkeerde kant verliest
game-rules-short-two-square = 2v:{ $count }
game-rules-short-two-square-off = 2v:uit
game-rules-short-chasing = achtervolging
game-rules-short-attacker-wins-ties = AV
game-rules-short-silent-defense = SV
game-rules-short-rescue = redding
game-rules-short-blocked-side-loses = geblokkeerd:verliest

## Game screen: seats and status (src/ui/game.rs)

game-seat-computer = (computer)
game-seat-you = jij
game-seat-left = is vertrokken
game-seat-disconnected = geen verbinding
game-seat-left-time-up = is vertrokken, de tijd is om
game-seat-disconnected-time-up = geen verbinding, de tijd is om
game-seat-left-countdown = is vertrokken { $dash } nog { $seconds } s
game-seat-disconnected-countdown = geen verbinding { $dash } nog { $seconds } s
game-seat-gone-short = { $gone } { $dash } { $seconds } s
game-seat-ready = klaar
game-seat-placing = stelt op
game-your-turn = Jij bent aan zet
game-to-move = { $color } aan zet
game-move-number = zet { $number }
game-draw-offer-to-me = Remiseaanbod: y aannemen, n weigeren
game-draw-offered = Je hebt remise aangeboden
game-draw-offer-by = { $color } biedt remise aan
game-opponent-gone = Tegenstander weg: W eist de winst op

## Game screen: the result (src/ui/game.rs)

game-aborted = Partij afgebroken: geen uitslag
game-aborted-setup-time = Partij afgebroken: geen uitslag { $dash } de opsteltijd is verstreken
game-wins = { $color } wint
game-draw = Remise
game-not-ready = { $color } was niet op tijd klaar
game-result = { $head } { $dash } { $reason }
game-over-nobody-moved = Niemand heeft gezet: er wordt niets bewaard en de rating blijft gelijk
game-over-won = Je hebt gewonnen!
game-over-lost = Je hebt verloren
game-over-rating = Je rating: { $change }
game-rematch-gone = { $nick } is weg: geen revanche
game-rematch-agreed = Revanche afgesproken
game-rematch-asked = Je hebt om een revanche gevraagd
game-rematch-offered = { $nick } wil een revanche: r om aan te nemen
game-rematch-keys = r revanche, q terug naar de lobby
game-over-tournament = Een toernooipartij: het toernooi deelt je volgende partij in. q terug naar de lobby
game-next-game = De volgende partij begint …

## Game screen: below the board, moves, chat (src/ui/game.rs)

game-moves = Zetten
game-no-moves = nog geen zetten
game-left = over
game-taken = geslagen
game-taken-none = geen
game-chat = Chat
game-chat-spectators = Chat (alleen kijkers zien dit)
game-chat-say = zeg:
game-chat-start = t om te chatten
game-move-prompt = zet:
game-rescue = Redding
game-rescue-none = geen
game-rescue-where = { $name } terughalen:
game-rescue-pick = kies een gemarkeerd veld

## Game screen: messages (src/ui/game.rs)

game-msg-already-offered = Je hebt al remise aangeboden
game-msg-claim-not-yet = Je kunt de winst pas opeisen als de wachttijd voor je tegenstander voorbij is
game-msg-no-rematch = { $nick } is weg: geen revanche
game-msg-not-your-turn-yet = Je bent nog niet aan zet: je kunt je zet alvast plannen
game-msg-no-legal-move = Het stuk op { $square } heeft geen geldige zet
game-msg-selected = { $rank ->
    [unknown] Het stuk
   *[other] { $name }
} op { $square }: pijltjes naar een gemarkeerd veld, Enter speelt de zet, Esc zet hem terug
game-msg-rescue-choose = Redding: kies een stuk om terug te halen
game-msg-move-cancelled = Zet geannuleerd
game-msg-rescue-cannot = De { $name } kan niet op { $square } worden gezet
game-msg-not-a-square = '{ $text }' is geen veld: schrijf een lijn A-J en een rij 1-10, zoals C4
game-msg-not-a-move = '{ $text }': schrijf een zet als twee velden, zoals c4 c5

## Game screen: why a move is refused (src/ui/game.rs)

game-illegal-game-over = De partij is afgelopen
game-illegal-not-your-turn = Je bent niet aan zet
game-illegal-no-piece = Er staat geen stuk op { $square }
game-illegal-not-your-piece = Het stuk op { $square } is niet van jou
game-illegal-never-moves = { $rank ->
    [flag] De Vlag beweegt nooit
    [bomb] Bommen bewegen nooit
   *[other] { $name } beweegt nooit
}
game-illegal-same-square = Een stuk moet naar een ander veld
game-illegal-lake = { $square } is een meer: daar mag niets in
game-illegal-diagonal = Stukken gaan recht, nooit diagonaal
game-illegal-only-scouts-run = Alleen Verkenners gaan meer dan één veld
game-illegal-scout-crosses-lake = Verkenners kunnen niet over een meer
game-illegal-scout-blocked = Verkenners kunnen niet over stukken heen
game-illegal-own-piece = Je kunt je eigen stuk op { $square } niet aanvallen
game-illegal-two-square = 2-vakkenregel: dit stuk is { $times ->
    [1] één keer
    [2] twee keer
    [3] drie keer
    [4] vier keer
    [5] vijf keer
    [6] zes keer
    [7] zeven keer
    [8] acht keer
    [9] negen keer
    [10] tien keer
   *[other] { $times } keer
} achter elkaar tussen { $a } en { $b } heen en weer gegaan
game-illegal-more-squares = Achtervolgingsregel: deze zet zou een stelling van je achtervolging herhalen
game-illegal-rescue-not-played = In deze partij wordt zonder redding gespeeld
game-illegal-rescue-not-on-back-row = Voor een redding moet je naar de achterste rij van de tegenstander
game-illegal-rescue-by-attack = Voor een redding moet je naar een leeg veld, niet aanvallen
game-illegal-scout-rescue = Verkenners kunnen niet redden
game-illegal-bomb-rescue = Een Bom kan niet worden gered
game-illegal-two-rescues = Je hebt al twee reddingen gedaan
game-illegal-rescuer-again = Dit stuk heeft al een redding gedaan
game-illegal-none-captured = Je hebt geen geslagen { $name } om terug te halen
game-illegal-rescue-square = Een gered stuk komt op een leeg veld van je eigen helft; { $square } is dat niet

## Game screen: questions (src/ui/game.rs)

game-ask-resign-title = Opgeven
game-ask-resign = Deze partij opgeven?
game-ask-leave-title = Verlaten
game-ask-abort-title = Afbreken
game-ask-abort = Deze partij zonder uitslag beëindigen? Er wordt niets vastgelegd of gewaardeerd, en je tegenstander hoort het.
game-ask-leave-unplayed = Deze partij verlaten? Er is nog niet gezet: de partij eindigt zonder uitslag.
game-ask-leave-clock = Deze partij verlaten? Je klok loopt door, en als je niet terug bent binnen de tijd om opnieuw te verbinden (2 minuten, tenzij de server anders is ingesteld), kan je tegenstander de winst opeisen.
game-ask-leave = Deze partij verlaten? Als je niet terug bent binnen de tijd om opnieuw te verbinden (2 minuten, tenzij de server anders is ingesteld), kan je tegenstander de winst opeisen.
game-ask-ready-title = Klaar
game-ask-ready = Deze opstelling versturen? Daarna kan ze niet meer worden gewijzigd.
game-ask-clear-title = Leegmaken
game-ask-clear = Alle stukken van het bord halen?
game-ask-fill-title = Aanvullen
game-ask-fill = Het hele leger opnieuw opstellen, ook de stukken die je zelf hebt neergezet?

## Game screen: keys (src/ui/game.rs)

game-help-title = Toetsen in de partij
game-help-title-setup = Toetsen bij het opstellen
game-key-arrows-enter = pijltjes/Enter
game-key-arrows = pijltjes
game-key-enter-space = Enter / Spatie
game-key-colon-m = : of m
game-key-arrows-hjkl-tab = pijltjes, hjkl, Tab
game-key-n-esc-other = n / Esc, andere toetsen
game-keys-move = zetten
game-keys-cursor = bewegen
game-keys-type-move = zet typen
game-keys-leave = verlaten
game-keys-chat = chat
game-keys-draw = remise
game-keys-draw-answer = remise?
game-keys-resign = opgeven
game-keys-claim = winst opeisen
game-keys-rematch = revanche
game-keys-flip = draaien
game-keys-settings = instellingen
game-keys-lobby = lobby
game-keys-help = hulp
game-keys-play = spelen
game-keys-cancel = annuleren
game-keys-example = bv. c4 c5
game-keys-send = versturen
game-keys-ok = ok
game-keys-choose = kiezen
game-keys-skip-back = overslaan / terug
game-keys-yes = ja
game-keys-no = nee
game-help-cursor = de cursor bewegen
game-help-select = een stuk kiezen, dan het doel
game-help-mouse = klik een stuk, dan een doel
game-help-type-move = een zet typen: c4 c5, c4-c5
game-help-deselect = de selectie opheffen
game-help-leave = de partij verlaten / terug naar de lobby
game-help-chat = chatten
game-help-draw = remise aanbieden (een aanbod aannemen)
game-help-draw-answer = het remiseaanbod van de tegenstander aannemen / weigeren
game-help-resign = opgeven (vraagt eerst)
game-help-claim = de winst opeisen als de tegenstander te lang weg is
game-help-rematch = revanche (na de partij)
game-help-flip = het bord draaien
game-help-settings = instellingen
game-help-ask-leave = de partij verlaten (vraagt eerst)
game-help-rescue-pieces = een stuk kiezen om terug te halen
game-help-rescue-number = dat stuk redden
game-help-rescue-highlighted = het gemarkeerde stuk redden
game-help-no-rescue = geen redding: alleen de zet
game-help-place = het stuk daar neerzetten
game-help-unchoose = terug naar de keuze van het stuk
game-help-yes = ja
game-help-no = nee

## Battles and moves in words (src/ui/words.rs)

battle-won = { $from }x{ $to }: { $attacker } viel { $defender } aan en won
battle-lost = { $from }x{ $to }: { $attacker } viel { $defender } aan en verloor
battle-tie = { $from }x{ $to }: { $attacker } viel { $defender } aan: beide werden geslagen
battle-flag = { $from }x{ $to }: { $attacker } viel { $defender } aan en veroverde de Vlag
battle-bomb = { $from }x{ $to }: { $attacker } viel { $defender } aan en maakte de Bom onschadelijk
battle-your-attacker = { $rank ->
    [unknown] Je onbekende stuk
   *[other] Je { $piece }
}
battle-a-defender = { $rank ->
    [unknown] een onbekend stuk
   *[other] een { $piece }
}
battle-an-attacker = { $rank ->
    [unknown] Een onbekend stuk
   *[other] Een { $piece }
}
battle-your-defender = { $rank ->
    [unknown] je onbekende stuk
   *[other] je { $piece }
}
battle-side-attacker = { $rank ->
    [unknown] { $side ->
        [red] Een onbekend rood stuk
       *[other] Een onbekend blauw stuk
    }
   *[other] { $side ->
        [red] De rode
       *[other] De blauwe
    } { $piece }
}
battle-side-defender = { $rank ->
    [unknown] { $side ->
        [red] een onbekend rood stuk
       *[other] een onbekend blauw stuk
    }
   *[other] { $side ->
        [red] de rode
       *[other] de blauwe
    } { $piece }
}
battle-you-moved = Je speelde { $from }-{ $to }
battle-side-moved = { $color } speelde { $from }-{ $to }
battle-rescued = ; een { $name } werd teruggehaald naar { $square }
battle-short-win = winst
battle-short-loss = verlies
battle-short-tie = gelijk

## Marks
## What the marks on the board and the clocks mean: they tell without colour (NO_COLOR,
## colours: none) what the colours tell (src/ui/board.rs, game.rs, setup.rs). The help
## shows each after its mark, like `( )  the selected piece`.
game-mark-selected = het gekozen stuk; {"{"} {"}"} met de cursor erop
game-mark-target = een stuk van de tegenstander dat het gekozen stuk kan aanvallen
game-mark-last = links in een veld: een veld van de laatste zet
game-mark-opponent = rechts naast een stuk: een van je tegenstander
game-mark-blue = rechts naast een stuk: een van Blauw (die van Rood zonder teken)
game-mark-low-time = een klok met minder dan 20 seconden
game-mark-picked = het opgepakte stuk; {"{"} {"}"} met de cursor erop

## Notities bij onbekende stukken van de tegenstander (`N`, dan een toets)
game-keys-note = notitie
game-help-note = een notitie bij het onbekende stuk van de tegenstander onder de cursor, dan een toets: een rangtoets, n geen Bom, m verplaatst, Del wist (alleen jij ziet hem)
game-keys-note-rank = die rang noteren
game-key-rank = rangtoets
game-keys-note-not-bomb = geen Bom
game-help-note-not-bomb = notitie: geen Bom
game-keys-note-moved = verplaatst
game-help-note-moved = notitie: het heeft bewogen
game-keys-note-clear = wissen
game-help-note-clear = de notitie wissen
game-help-note-cancel = geen notitie
game-note-prompt = Notitie bij { $square } (alleen jij ziet hem): een rangtoets (b: een Bom?), n geen Bom, m verplaatst, Del wist, Esc annuleert. Een lijst: m, dan note { $square } 8 9
game-note-not-a-key = geen rangtoets: een rangtoets (b: een Bom?), n, m, Del of Esc
game-mark-note = 8? cursief: je eigen notitie bij een onbekend stuk (een gok, niet zijn rang)
game-ask-leave-correspondence = Deze partij verlaten? Een correspondentiepartij wacht op je: niemand kan hem opeisen; kom terug voor de termijn van je zet (Enter erop onder Lopende partijen).
