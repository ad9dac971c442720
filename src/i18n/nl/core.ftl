# Nederlands. Dezelfde ids als en/ (tests/i18n.rs), gegroepeerd per scherm.
# Namen van de stukken zoals in de Nederlandse spelregels (Maarschalk … Spion, Bom, Vlag).

## Welcome card (src/ui/welcome.rs)

welcome-title = Welkom bij stratego-ssh
welcome-rename-title = Je naam wijzigen
welcome-new-key = Je SSH-sleutel is hier nieuw. De server kent je voortaan onder deze naam, met je rating en je partijen:
welcome-key-is-account = Je sleutel is je account, zonder wachtwoord. Kom je terug met dezelfde sleutel, dan ben je weer deze speler. Zonder sleutel speel je als gast: alleen vrijblijvende partijen, elke keer een nieuwe naam. Zo maak je een sleutel:
welcome-then-connect = en verbind dan met de naam die je wilt:
welcome-host-note = (HOST, en -p PORT, zoals in het ssh-commando waarmee je nu binnenkwam)
welcome-rename-later = Je kunt je naam later één keer wijzigen: p (je profiel), dan r.
welcome-guest-intro = Je bent verbonden zonder een sleutel die deze server kent: je bent hier gast, met de naam { $nick }.
welcome-guest-can = Een gast kan tegen de computer en vrijblijvend spelen, partijen bekijken en chatten. Partijen om rating kan een gast niet spelen, en niets wordt bewaard: geen rating, geen partijen, de volgende keer een nieuwe naam.
welcome-guest-keep = Wil je een naam met zijn rating en partijen houden, gebruik dan een sleutel:
welcome-rename-intro = Je kunt je naam één keer wijzigen. Je rating en partijen blijven bij je sleutel; de oude naam blijft een tijd voor je gereserveerd.
welcome-type-first = Typ eerst de nieuwe naam (Esc houdt de jouwe)
welcome-asking = { $nick } wordt aangevraagd…
welcome-name-rule = 2 tot 16 letters, cijfers, _ of -, beginnend met een letter
welcome-name = naam:
welcome-new-name = nieuwe naam:
welcome-or-type = (of typ een andere)
welcome-keys-take = getypte naam nemen
welcome-keys-change = naam wijzigen
welcome-keys-start = beginnen met spelen
welcome-keys-keep-mine = mijn naam houden
welcome-keys-cancel = annuleren
welcome-keys-keep-this = deze naam houden

## Too-small screen (src/ui/too_small.rs)

small-larger = Maak het venster groter
small-size = (nu { $width }x{ $height }, nodig { $min_width }x{ $min_height })
small-keys-quits = sluit af
small-game = Partij #{ $id }
small-you-play = je speelt { $color }
small-watching = je kijkt mee
small-setup-sent = Opstelling verstuurd: wacht op je tegenstander
small-setup-place = Opstelling: zet je stukken neer
small-setting-up = De spelers stellen op
small-your-turn = Jij bent aan zet
small-to-move = { $color } aan zet ({ $nick })
small-move = zet { $number }
small-gone = { $nick } is weg: de tijd om terug te komen is om
small-disconnected = { $nick } heeft geen verbinding: nog { $seconds } s om terug te komen

## Quit question (src/ui/dialog.rs, src/ui/mod.rs)

quit-title = Afsluiten
quit-question = stratego-ssh afsluiten?
quit-keys-yes = ja
quit-keys-no = nee

## Settings (src/ui/dialog.rs)

settings-title = Instellingen
settings-numbering = Nummering stukken
settings-numbering-modern = modern (Maarschalk 10, Verkenner 2)
settings-numbering-classic = klassiek (Maarschalk 1, Verkenner 9)
settings-ascii = Alleen ASCII
settings-on = aan
settings-off = uit
settings-colours = Kleuren
settings-colours-none = geen
settings-language = Taal
settings-line-mode = Regelmodus
settings-line-mode-off = uit (voor schermlezers)
settings-keys-choose = kiezen
settings-keys-change = wijzigen
settings-keys-close = sluiten

## Key names shared by the screens

keys-up-down = Omhoog/Omlaag
keys-enter-space = Enter/Spatie
keys-enter = Enter
keys-esc = Esc
keys-space = Spatie
keys-tab = Tab
keys-tab-shift-tab = Tab / Shift-Tab
keys-up-down-jk = Omhoog / Omlaag, j / k
keys-left-right = Links/Rechts
keys-left-h = Links / h
keys-right-l = Rechts / l
keys-left-right-v = Links / Rechts, v
keys-arrows-hjkl = pijltjes / hjkl
keys-esc-q = Esc / q
keys-q-esc = q / Esc
keys-esc-n = Esc / n
keys-esc-other = Esc, andere toetsen
keys-del-backspace = Del / Backspace
keys-x-del = x / Del
keys-y-enter = y / Y / Enter
keys-space-enter = Spatie / Enter
keys-mouse = muis
keys-pgup-pgdn = PgUp/PgDn
keys-home-end = Home/End

## Help dialog (src/ui/dialog.rs)

keys-any-key = elke toets
keys-closes-help = sluit deze hulp
keys-help-more = nog { $count }: een hoger venster toont ze

## Colours of the sides

color-red = Rood
color-blue = Blauw

## Variants (src/ui/vocab.rs)

variant-classic = Klassiek
variant-duel = Duel
variant-barrage = Barrage

## How a game ended, as a phrase (src/ui/vocab.rs)

end-flag-captured = vlag veroverd
end-no-movable-pieces = geen beweegbare stukken meer
end-no-legal-move = geen geldige zet
end-both-cannot-move = geen van beide kan zetten
end-move-cap = zettenlimiet bereikt
end-resignation = opgave
end-draw-agreed = remise overeengekomen
end-time = tijd verstreken
end-abandonment = partij verlaten
end-aborted = afgebroken voor de eerste zet

## Ranks: names, and the letters of the pieces without a number
## (B for Bom and S for Spion as in English; F stays for the Vlag, since the set-up
## places it with the f key: V would need that key to follow)

rank-marshal = Maarschalk
rank-general = Generaal
rank-colonel = Kolonel
rank-major = Majoor
rank-captain = Kapitein
rank-lieutenant = Luitenant
rank-sergeant = Sergeant
rank-miner = Mineur
rank-scout = Verkenner
rank-spy = Spion
rank-bomb = Bom
rank-flag = Vlag
rank-letter-spy = S
rank-letter-bomb = B
rank-letter-flag = F

## De gok van een notitie, in woorden (schermen, regels en het bord in de browser)
note-usage = een notitie: note VELD GOK, de gok een rang (8), tot drie (8 9), bomb, not-bomb of moved; note VELD clear haalt hem weg
note-guess-one = { $a }?
note-guess-two = { $a } of { $b }?
note-guess-three = { $a }, { $b } of { $c }?
note-guess-not-bomb = geen Bom
note-guess-moved = verplaatst
