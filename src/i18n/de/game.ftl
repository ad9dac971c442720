# Deutsch: das Spielfeld (src/ui/game.rs) und Kämpfe und Züge in Worten (src/ui/words.rs).
# Figurennamen nach der deutschen Spielregel: alle männlich außer die Bombe, die Fahne.

## Game screen: header (src/ui/game.rs)

game-rated = gewertet
game-casual = ungewertet
game-no-clock = ohne Uhr
game-budget-left = noch { $left } von { $budget } T
game-number = Partie #{ $id }
game-you-play = du spielst { $color }
game-watching = du schaust zu
game-spectators = { $count } Zuschauer
game-rules-no-two-square = keine 2-Felder-Regel
game-rules-two-square = 2-Felder-Regel: { $count }
game-rules-chasing = Verfolgungsregel
game-rules-attacker-wins-ties = Angreifer gewinnt bei Gleichstand
game-rules-silent-defense = stille Verteidigung
game-rules-rescue = Rettung
game-rules-blocked-side-loses = blockierte Seite verliert
game-rules-short-two-square = 2F:{ $count }
game-rules-short-two-square-off = 2F:aus
game-rules-short-chasing = Verfolgung
game-rules-short-attacker-wins-ties = AV
game-rules-short-silent-defense = SV
game-rules-short-rescue = Rettung
game-rules-short-blocked-side-loses = blockiert:verliert

## Game screen: seats and status (src/ui/game.rs)

game-seat-computer = (Computer)
game-seat-you = du
game-seat-left = ist gegangen
game-seat-disconnected = getrennt
game-seat-left-time-up = ist gegangen, die Zeit ist um
game-seat-disconnected-time-up = getrennt, die Zeit ist um
game-seat-left-countdown = ist gegangen { $dash } noch { $seconds } s
game-seat-disconnected-countdown = getrennt { $dash } noch { $seconds } s
game-seat-gone-short = { $gone } { $dash } { $seconds } s
game-seat-ready = bereit
game-seat-placing = stellt auf
game-your-turn = Du bist am Zug
game-to-move = { $color } am Zug
game-move-number = Zug { $number }
game-draw-offer-to-me = Remisangebot: y annehmen, n ablehnen
game-draw-offered = Du hast Remis angeboten
game-draw-offer-by = { $color } bietet Remis an
game-opponent-gone = Gegner weg: W fordert den Sieg

## Game screen: the result (src/ui/game.rs)

game-aborted = Partie abgebrochen: kein Ergebnis
game-aborted-setup-time = Partie abgebrochen: kein Ergebnis { $dash } die Aufstellungszeit ist abgelaufen
game-wins = { $color } gewinnt
game-draw = Remis
game-not-ready = { $color } war nicht rechtzeitig bereit
game-result = { $head } { $dash } { $reason }
game-over-nobody-moved = Niemand hat gezogen: nichts wird gespeichert oder gewertet
game-over-won = Du hast gewonnen!
game-over-lost = Du hast verloren
game-over-rating = Deine Wertung: { $change }
game-rematch-gone = { $nick } ist gegangen: keine Revanche
game-rematch-agreed = Revanche vereinbart
game-rematch-asked = Du hast um Revanche gebeten
game-rematch-offered = { $nick } möchte eine Revanche: r nimmt an
game-rematch-keys = r Revanche, q zurück in die Lobby
game-over-tournament = Eine Turnierpartie: Das Turnier teilt dir die nächste zu. q zurück in die Lobby
game-next-game = Die nächste Partie beginnt …

## Game screen: below the board, moves, chat (src/ui/game.rs)

game-moves = Züge
game-no-moves = noch keine Züge
game-left = übrig
game-taken = geschlagen
game-taken-none = keine
game-chat = Chat
game-chat-spectators = Chat (nur Zuschauer sehen ihn)
game-chat-say = sag:
game-chat-start = t zum Chatten
game-move-prompt = Zug:
game-rescue = Rettung
game-rescue-none = keine
game-rescue-where = { $name } zurückholen:
game-rescue-pick = wähle ein markiertes Feld

## Game screen: messages (src/ui/game.rs)

game-msg-already-offered = Du hast schon Remis angeboten
game-msg-claim-not-yet = Den Sieg kannst du erst fordern, wenn die Zeit deines Gegners zum Wiederverbinden abgelaufen ist
game-msg-no-rematch = { $nick } ist gegangen: keine Revanche
game-msg-not-your-turn-yet = Du bist noch nicht am Zug: Du kannst deinen Zug schon planen
game-msg-no-legal-move = Die Figur auf { $square } hat keinen erlaubten Zug
game-msg-selected = { $rank ->
    [unknown] Die Figur
   *[other] { $name }
} auf { $square }: mit den Pfeiltasten auf ein markiertes Feld, Enter zieht, Esc stellt zurück
game-msg-rescue-choose = Rettung: Wähle eine Figur, die zurückkommt
game-msg-move-cancelled = Zug abgebrochen
game-msg-rescue-cannot = { $rank ->
    [bomb] Die
    [flag] Die
   *[other] Der
} { $name } kann nicht auf { $square } gestellt werden
game-msg-not-a-square = „{ $text }“ ist kein Feld: Schreib eine Spalte A-J und eine Reihe 1-10, etwa C4
game-msg-not-a-move = „{ $text }“: Schreib einen Zug als zwei Felder, etwa c4 c5

## Game screen: why a move is refused (src/ui/game.rs)

game-illegal-game-over = Die Partie ist vorbei
game-illegal-not-your-turn = Du bist nicht am Zug
game-illegal-no-piece = Auf { $square } steht keine Figur
game-illegal-not-your-piece = Die Figur auf { $square } gehört nicht dir
game-illegal-never-moves = { $rank ->
    [flag] Die Fahne zieht nie
    [bomb] Bomben ziehen nie
   *[other] { $name } zieht nie
}
game-illegal-same-square = Eine Figur muss auf ein anderes Feld ziehen
game-illegal-lake = { $square } ist ein See: Dort darf nichts hinein
game-illegal-diagonal = Figuren ziehen gerade, nie diagonal
game-illegal-only-scouts-run = Nur Aufklärer ziehen mehr als ein Feld weit
game-illegal-scout-crosses-lake = Aufklärer können keinen See überqueren
game-illegal-scout-blocked = Aufklärer können nicht über Figuren springen
game-illegal-own-piece = Du kannst deine eigene Figur auf { $square } nicht angreifen
game-illegal-two-square = 2-Felder-Regel: Diese Figur ist { $times ->
    [1] einmal
    [2] zweimal
    [3] dreimal
    [4] viermal
    [5] fünfmal
    [6] sechsmal
    [7] siebenmal
    [8] achtmal
    [9] neunmal
    [10] zehnmal
   *[other] { $times }-mal
} hintereinander zwischen { $a } und { $b } hin- und hergezogen
game-illegal-more-squares = Verfolgungsregel: Dieser Zug würde eine Stellung deiner Verfolgung wiederholen
game-illegal-rescue-not-played = In dieser Partie wird ohne Rettung gespielt
game-illegal-rescue-not-on-back-row = Eine Rettung braucht einen Zug auf die hinterste Reihe des Gegners
game-illegal-rescue-by-attack = Eine Rettung braucht einen Zug auf ein leeres Feld, keinen Angriff
game-illegal-scout-rescue = Aufklärer können nicht retten
game-illegal-bomb-rescue = Eine Bombe kann nicht gerettet werden
game-illegal-two-rescues = Du hast schon zwei Rettungen gemacht
game-illegal-rescuer-again = Diese Figur hat schon eine Rettung gemacht
game-illegal-none-captured = { $rank ->
    [bomb] Du hast keine geschlagene Bombe
    [flag] Du hast keine geschlagene Fahne
   *[other] Du hast keinen geschlagenen { $name }
} zum Zurückholen
game-illegal-rescue-square = Eine gerettete Figur kommt auf ein leeres Feld deiner Hälfte; { $square } ist keins

## Game screen: questions (src/ui/game.rs)

game-ask-resign-title = Aufgeben
game-ask-resign = Diese Partie aufgeben?
game-ask-leave-title = Verlassen
game-ask-abort-title = Abbrechen
game-ask-abort = Diese Partie ohne Ergebnis beenden? Nichts wird gespeichert oder gewertet, und dein Gegner erfährt es.
game-ask-leave-unplayed = Diese Partie verlassen? Noch hat niemand gezogen: Die Partie endet ohne Ergebnis.
game-ask-leave-clock = Diese Partie verlassen? Deine Uhr läuft weiter, und bist du nicht innerhalb der Zeit zum Wiederverbinden zurück (2 Minuten, wenn der Server nicht anders eingestellt ist), kann dein Gegner den Sieg fordern.
game-ask-leave = Diese Partie verlassen? Bist du nicht innerhalb der Zeit zum Wiederverbinden zurück (2 Minuten, wenn der Server nicht anders eingestellt ist), kann dein Gegner den Sieg fordern.
game-ask-ready-title = Fertig
game-ask-ready = Diese Aufstellung abschicken? Danach lässt sie sich nicht mehr ändern.
game-ask-clear-title = Abräumen
game-ask-clear = Alle Figuren vom Brett nehmen?
game-ask-fill-title = Auffüllen
game-ask-fill = Die ganze Armee neu aufstellen, auch die Figuren, die du selbst gesetzt hast?

## Game screen: keys (src/ui/game.rs)

game-help-title = Tasten im Spiel
game-help-title-setup = Tasten beim Aufstellen
game-key-arrows-enter = Pfeile/Enter
game-key-arrows = Pfeile
game-key-enter-space = Enter / Leertaste
game-key-colon-m = : oder m
game-key-arrows-hjkl-tab = Pfeile, hjkl, Tab
game-key-n-esc-other = n / Esc, andere Tasten
game-keys-move = ziehen
game-keys-cursor = bewegen
game-keys-type-move = Zug tippen
game-keys-leave = verlassen
game-keys-chat = Chat
game-keys-draw = Remis
game-keys-draw-answer = Remis?
game-keys-resign = aufgeben
game-keys-claim = Sieg fordern
game-keys-rematch = Revanche
game-keys-flip = drehen
game-keys-settings = Einstellungen
game-keys-lobby = Lobby
game-keys-help = Hilfe
game-keys-play = ziehen
game-keys-cancel = abbrechen
game-keys-example = z. B. c4 c5
game-keys-send = senden
game-keys-ok = OK
game-keys-choose = wählen
game-keys-skip-back = auslassen / zurück
game-keys-yes = ja
game-keys-no = nein
game-help-cursor = den Cursor bewegen
game-help-select = eine Figur wählen, dann ihr Ziel
game-help-mouse = eine Figur anklicken, dann ein Ziel
game-help-type-move = einen Zug tippen: c4 c5, c4-c5
game-help-deselect = die Auswahl aufheben
game-help-leave = die Partie verlassen / zurück in die Lobby
game-help-chat = chatten
game-help-draw = Remis anbieten (ein Angebot annehmen)
game-help-draw-answer = das Remisangebot des Gegners annehmen / ablehnen
game-help-resign = aufgeben (mit Rückfrage)
game-help-claim = den Sieg fordern, wenn der Gegner zu lange weg ist
game-help-rematch = Revanche (nach der Partie)
game-help-flip = das Brett drehen
game-help-settings = Einstellungen
game-help-ask-leave = die Partie verlassen (mit Rückfrage)
game-help-rescue-pieces = eine Figur zum Zurückholen wählen
game-help-rescue-number = diese Figur retten
game-help-rescue-highlighted = die markierte Figur retten
game-help-no-rescue = keine Rettung: nur der Zug
game-help-place = die Figur dorthin stellen
game-help-unchoose = zurück zur Wahl der Figur
game-help-yes = ja
game-help-no = nein

## Battles and moves in words (src/ui/words.rs)

battle-won = { $from }x{ $to }: { $attacker } griff { $defender } an und gewann
battle-lost = { $from }x{ $to }: { $attacker } griff { $defender } an und verlor
battle-tie = { $from }x{ $to }: { $attacker } griff { $defender } an: Beide wurden geschlagen
battle-flag = { $from }x{ $to }: { $attacker } griff { $defender } an und eroberte sie
battle-bomb = { $from }x{ $to }: { $attacker } griff { $defender } an und entschärfte sie
battle-your-attacker = { $rank ->
    [unknown] Deine unbekannte Figur
    [bomb] Deine { $piece }
    [flag] Deine { $piece }
   *[other] Dein { $piece }
}
battle-a-defender = { $rank ->
    [unknown] eine unbekannte Figur
    [bomb] eine { $piece }
    [flag] eine { $piece }
   *[other] einen { $piece }
}
battle-an-attacker = { $rank ->
    [unknown] Eine unbekannte Figur
    [bomb] Eine { $piece }
    [flag] Eine { $piece }
   *[other] Ein { $piece }
}
battle-your-defender = { $rank ->
    [unknown] deine unbekannte Figur
    [bomb] deine { $piece }
    [flag] deine { $piece }
   *[other] deinen { $piece }
}
battle-side-attacker = { $rank ->
    [unknown] { $side ->
        [red] Eine unbekannte rote Figur
       *[other] Eine unbekannte blaue Figur
    }
    [bomb] { $side ->
        [red] Die rote
       *[other] Die blaue
    } { $piece }
    [flag] { $side ->
        [red] Die rote
       *[other] Die blaue
    } { $piece }
   *[other] { $side ->
        [red] Der rote
       *[other] Der blaue
    } { $piece }
}
battle-side-defender = { $rank ->
    [unknown] { $side ->
        [red] eine unbekannte rote Figur
       *[other] eine unbekannte blaue Figur
    }
    [bomb] { $side ->
        [red] die rote
       *[other] die blaue
    } { $piece }
    [flag] { $side ->
        [red] die rote
       *[other] die blaue
    } { $piece }
   *[other] { $side ->
        [red] den roten
       *[other] den blauen
    } { $piece }
}
battle-you-moved = Du hast { $from }-{ $to } gezogen
battle-side-moved = { $color } hat { $from }-{ $to } gezogen
battle-rescued = ; { $rank ->
    [bomb] eine Bombe
    [flag] eine Fahne
   *[other] ein { $name }
} wurde auf { $square } zurückgeholt
battle-short-win = Sieg
battle-short-loss = Niederlage
battle-short-tie = Gleichstand

## Marks
## What the marks on the board and the clocks mean: they tell without colour (NO_COLOR,
## colours: none) what the colours tell (src/ui/board.rs, game.rs, setup.rs). The help
## shows each after its mark, like `( )  the selected piece`.
game-mark-selected = die gewählte Figur; {"{"} {"}"} mit dem Cursor darauf
game-mark-target = eine gegnerische Figur, die die gewählte angreifen kann
game-mark-last = links im Feld: ein Feld des letzten Zugs
game-mark-opponent = rechts neben einer Figur: eine deines Gegners
game-mark-blue = rechts neben einer Figur: eine von Blau (die von Rot ohne Zeichen)
game-mark-low-time = eine Uhr mit weniger als 20 Sekunden
game-mark-picked = die aufgenommene Figur; {"{"} {"}"} mit dem Cursor darauf

## Notizen zu unbekannten Figuren des Gegners (`N`, dann eine Taste)
game-keys-note = Notiz
game-help-note = eine Notiz zur unbekannten Figur des Gegners unter dem Cursor, dann eine Taste: eine Rangtaste, n keine Bombe, m gezogen, Entf löscht (nur du siehst sie)
game-keys-note-rank = diesen Rang notieren
game-key-rank = Rangtaste
game-keys-note-not-bomb = keine Bombe
game-help-note-not-bomb = Notiz: keine Bombe
game-keys-note-moved = gezogen
game-help-note-moved = Notiz: sie hat gezogen
game-keys-note-clear = löschen
game-help-note-clear = die Notiz löschen
game-help-note-cancel = keine Notiz
game-note-prompt = Notiz zu { $square } (nur du siehst sie): eine Rangtaste (b: eine Bombe?), n keine Bombe, m gezogen, Entf löscht, Esc bricht ab. Eine Liste: m, dann note { $square } 8 9
game-note-not-a-key = keine Rangtaste: eine Rangtaste (b: eine Bombe?), n, m, Entf oder Esc
game-mark-note = 8? kursiv: deine eigene Notiz zu einer unbekannten Figur (eine Vermutung, nicht ihr Rang)
game-ask-leave-correspondence = Diese Partie verlassen? Eine Fernpartie wartet auf dich: niemand kann sie fordern; komm vor der Frist deines Zuges zurück (Enter auf ihr unter Laufende Partien).
