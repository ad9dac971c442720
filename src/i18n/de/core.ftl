# Deutsch. Dieselben Ids wie en/ (tests/i18n.rs), nach Bildschirmen gruppiert.
# Figurennamen nach der deutschen Spielregel (Feldmarschall … Spion, Bombe, Fahne); Rang 4,
# den sie nicht nennt, wie in den deutschen Stratego-Ausgaben: Unteroffizier.

## Welcome card (src/ui/welcome.rs)

welcome-title = Willkommen bei stratego-ssh
welcome-rename-title = Namen ändern
welcome-new-key = Dein SSH-Schlüssel ist hier neu. Der Server kennt dich unter diesem Namen, mit deiner Wertung und deinen Partien:
welcome-key-is-account = Dein Schlüssel ist dein Konto, ohne Passwort. Kommst du mit demselben Schlüssel wieder, bist du wieder dieser Spieler. Ohne Schlüssel spielst du als Gast: nur ungewertete Partien, jedes Mal ein neuer Name. So bekommst du einen Schlüssel:
welcome-then-connect = dann melde dich mit dem gewünschten Namen an:
welcome-host-note = (HOST und -p PORT wie in dem ssh-Befehl, mit dem du gerade gekommen bist)
welcome-rename-later = Deinen Namen kannst du später einmal ändern: p (dein Profil), dann r.
welcome-guest-intro = Du bist ohne einen Schlüssel verbunden, den dieser Server kennt: Du bist hier Gast und heißt { $nick }.
welcome-guest-can = Als Gast kannst du gegen den Computer und ungewertet spielen, Partien zuschauen und chatten. Gewertete Partien gibt es für Gäste nicht, und nichts wird gespeichert: keine Wertung, keine Partien, beim nächsten Mal ein neuer Name.
welcome-guest-keep = Um einen Namen mit Wertung und Partien zu behalten, nimm einen Schlüssel:
welcome-rename-intro = Du kannst deinen Namen einmal ändern. Wertung und Partien bleiben bei deinem Schlüssel; der alte Name bleibt eine Weile für dich reserviert.
welcome-type-first = Gib zuerst den neuen Namen ein (Esc behält deinen)
welcome-asking = { $nick } wird angefragt…
welcome-name-rule = 2 bis 16 Buchstaben, Ziffern, _ oder -, am Anfang ein Buchstabe
welcome-name = Name:
welcome-new-name = neuer Name:
welcome-or-type = (oder tippe einen anderen)
welcome-keys-take = eingegebenen Namen nehmen
welcome-keys-change = Namen ändern
welcome-keys-start = losspielen
welcome-keys-keep-mine = Namen behalten
welcome-keys-cancel = abbrechen
welcome-keys-keep-this = diesen Namen behalten

## Too-small screen (src/ui/too_small.rs)

small-larger = Bitte mach das Fenster größer
small-size = (jetzt { $width }x{ $height }, nötig { $min_width }x{ $min_height })
small-keys-quits = beendet
small-game = Partie #{ $id }
small-you-play = du spielst { $color }
small-watching = du schaust zu
small-setup-sent = Aufstellung gesendet: warte auf den Gegner
small-setup-place = Aufstellung: stell deine Figuren auf
small-setting-up = Die Spieler stellen auf
small-your-turn = Du bist am Zug
small-to-move = { $color } am Zug ({ $nick })
small-move = Zug { $number }
small-gone = { $nick } ist weg: die Zeit zum Zurückkommen ist um
small-disconnected = { $nick } ist getrennt: noch { $seconds } s zum Zurückkommen

## Quit question (src/ui/dialog.rs, src/ui/mod.rs)

quit-title = Beenden
quit-question = stratego-ssh beenden?
quit-keys-yes = ja
quit-keys-no = nein

## Settings (src/ui/dialog.rs)

settings-title = Einstellungen
settings-numbering = Figurennummern
settings-numbering-modern = modern (Feldmarschall 10, Aufklärer 2)
settings-numbering-classic = klassisch (Feldmarschall 1, Aufklärer 9)
settings-ascii = Nur ASCII
settings-on = an
settings-off = aus
settings-colours = Farben
settings-colours-none = keine
settings-language = Sprache
settings-line-mode = Zeilenmodus
settings-line-mode-off = aus (für Screenreader)
settings-keys-choose = wählen
settings-keys-change = ändern
settings-keys-close = schließen

## Key names shared by the screens

keys-up-down = Hoch/Runter
keys-enter-space = Enter/Leertaste
keys-enter = Enter
keys-esc = Esc
keys-space = Leertaste
keys-tab = Tab
keys-tab-shift-tab = Tab / Umschalt-Tab
keys-up-down-jk = Hoch / Runter, j / k
keys-left-right = Links/Rechts
keys-left-h = Links / h
keys-right-l = Rechts / l
keys-left-right-v = Links / Rechts, v
keys-arrows-hjkl = Pfeiltasten / hjkl
keys-esc-q = Esc / q
keys-q-esc = q / Esc
keys-esc-n = Esc / n
keys-esc-other = Esc, andere Tasten
keys-del-backspace = Entf / Rücktaste
keys-x-del = x / Entf
keys-y-enter = y / Y / Enter
keys-space-enter = Leertaste / Enter
keys-mouse = Maus
keys-pgup-pgdn = Bild↑/Bild↓
keys-home-end = Pos1/Ende

## Help dialog (src/ui/dialog.rs)

keys-any-key = jede Taste
keys-closes-help = schließt die Hilfe
keys-help-more = { $count } weitere: ein höheres Fenster zeigt sie

## Colours of the sides

color-red = Rot
color-blue = Blau

## Variants (src/ui/vocab.rs)

variant-classic = Klassisch
variant-duel = Duell
variant-barrage = Barrage

## How a game ended, as a phrase (src/ui/vocab.rs)

end-flag-captured = Fahne erobert
end-no-movable-pieces = keine beweglichen Figuren mehr
end-no-legal-move = kein erlaubter Zug
end-both-cannot-move = keine Seite kann ziehen
end-move-cap = Zuggrenze erreicht
end-resignation = Aufgabe
end-draw-agreed = Remis vereinbart
end-time = Zeit abgelaufen
end-abandonment = Partie verlassen
end-aborted = vor dem ersten Zug abgebrochen

## Ranks: names, and the letters of the pieces without a number
## (Spion, Bombe, Fahne: the same letters as in English)

rank-marshal = Feldmarschall
rank-general = General
rank-colonel = Oberst
rank-major = Major
rank-captain = Hauptmann
rank-lieutenant = Leutnant
rank-sergeant = Unteroffizier
rank-miner = Mineur
rank-scout = Aufklärer
rank-spy = Spion
rank-bomb = Bombe
rank-flag = Fahne
rank-letter-spy = S
rank-letter-bomb = B
rank-letter-flag = F

## Die Vermutung einer Notiz, in Worten (Bildschirme, Zeilen und das Brett im Browser)
note-usage = eine Notiz: note FELD VERMUTUNG, die Vermutung ein Rang (8), bis zu drei (8 9), bomb, not-bomb oder moved; note FELD clear entfernt sie
note-guess-one = { $a }?
note-guess-two = { $a } oder { $b }?
note-guess-three = { $a }, { $b } oder { $c }?
note-guess-not-bomb = keine Bombe
note-guess-moved = gezogen
