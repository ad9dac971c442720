# Deutsch. Dieselben Ids wie en.ftl (tests/i18n.rs), nach Bildschirmen gruppiert.
# Figurennamen nach der deutschen Spielregel (Feldmarschall … Spion, Bombe, Fahne).

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
settings-keys-choose = wählen
settings-keys-change = ändern
settings-keys-close = schließen

## Key names shared by the screens

keys-up-down = Hoch/Runter
keys-enter-space = Enter/Leertaste

## Lobby (src/ui/lobby.rs)

lobby-you-are = du bist { $nick }
lobby-guest = { $nick } (Gast)
lobby-counts = { $players } online, { $seeks ->
        [one] 1 Angebot
       *[other] { $seeks } Angebote
    }, { $games ->
        [one] 1 Partie
       *[other] { $games } Partien
    }
lobby-return = { $key }: zurück zu deiner Partie #{ $id }
lobby-players-title = Spieler ({ $count })
lobby-nobody = noch niemand sonst hier
lobby-head-nick = Name
lobby-head-rating = Wertung
lobby-head-status = Status
lobby-rating-bot = Bot
lobby-rating-guest = Gast
lobby-you = (du)
lobby-status-idle-long = in der Lobby
lobby-status-idle = Lobby
lobby-status-left-long = verließ Partie #{ $id }
lobby-status-left = weg #{ $id }
lobby-status-seeking = sucht
lobby-status-playing = spielt
lobby-status-watching = sieht zu
lobby-seeks-title = Offene Angebote ({ $count })
lobby-no-seeks = noch keine offenen Angebote:
lobby-post-seek = ein Angebot machen
lobby-games-title = Laufende Partien ({ $count })
lobby-no-games = keine laufenden Partien
lobby-tournaments-title = Turniere ({ $count })
lobby-chat-title = Chat
lobby-chat-empty = t zum Chatten
lobby-say = sagen:

## Lobby keys: footer and help (src/ui/lobby.rs)

lobby-help-title = Tasten der Lobby
lobby-keys-next-list = nächste Liste
lobby-keys-accept = annehmen
lobby-keys-play-computer = gegen den Computer
lobby-keys-watch = zuschauen
lobby-keys-back-to-game = zurück zur Partie
lobby-keys-challenge = herausfordern
lobby-keys-open-tournament = Turnier öffnen
lobby-keys-type = schreiben
lobby-keys-return = zurück zu deiner Partie
lobby-keys-new-seek = neues Angebot
lobby-keys-computer-terms = Computer-Optionen
lobby-keys-decline = ablehnen
lobby-keys-cancel-mine = meins zurückziehen
lobby-keys-chat = Chat
lobby-keys-tournaments = Turniere
lobby-keys-leaders = Bestenliste
lobby-keys-games = Partien
lobby-keys-profile = Profil
lobby-keys-settings = Einstellungen
lobby-keys-quit = beenden
lobby-keys-admin = Admin
lobby-keys-help = Hilfe
lobby-keys-send = senden
lobby-keys-cancel = abbrechen
lobby-help-cycle = nächste / vorige Liste
lobby-help-side = Spielerliste / Angebote
lobby-help-move = in der Liste bewegen
lobby-help-page = eine Seite hoch / runter, erste / letzte
lobby-help-enter = erste Zeile der Angebote: gegen den Computer; ein Angebot: annehmen; Partie zuschauen (oder zurück zu deiner), Spieler herausfordern, chatten
lobby-help-new-seek = neues Angebot (Variante, Regeln, Uhr, privat)
lobby-help-challenge = den gewählten Spieler herausfordern
lobby-help-bot = gegen den Computer: Stufe, Variante und Uhr wählen, dann spielen
lobby-help-decline = eine Herausforderung an dich ablehnen (die gewählte)
lobby-help-cancel = dein Angebot zurückziehen
lobby-help-chat = im Chat schreiben
lobby-help-tournaments = die Turnierliste (Enter öffnet eines)
lobby-help-leaders = Bestenlisten
lobby-help-games = beendete Partien: meine, neueste, Wiederholungen
lobby-help-profile = Profil des gewählten Spielers (oder meins)
lobby-help-settings = Einstellungen (Nummern, ASCII, Farben, Sprache)
lobby-help-mouse-key = Maus
lobby-help-mouse = Klick wählt, zweiter Klick nimmt an / schaut zu
lobby-help-admin = Admin-Seite: Sitzungen, Sperren, rauswerfen, sperren, Rundruf

## Lobby notices (src/ui/lobby.rs)

lobby-notice-no-tournaments = Zurzeit sind keine Turniere angekündigt: Sobald eines angekündigt ist, steht es hier
lobby-notice-select-player = Wähle einen Spieler in der Liste und drücke c, um ihn herauszufordern
lobby-notice-not-yourself = Du kannst dich nicht selbst herausfordern
lobby-notice-no-seek-to-cancel = Du hast kein offenes Angebot zum Zurückziehen
lobby-notice-no-challenge = Keine Herausforderung an dich zum Ablehnen (sie sind bei den Angeboten mit ! markiert)
lobby-notice-own-seek = Das ist dein eigenes Angebot: x zieht es zurück
lobby-notice-seek-gone = Das gewählte Angebot ist weg: angenommen oder zurückgezogen
lobby-notice-private-game = Diese Partie ist privat: keine Zuschauer
lobby-notice-game-ended = Die gewählte Partie ist zu Ende
lobby-notice-no-games = Gerade läuft keine Partie zum Zuschauen
lobby-notice-no-game-selected = Keine Partie gewählt: mit Hoch/Runter eine wählen, dann Enter
lobby-notice-tournament-gone = Das gewählte Turnier steht nicht mehr in der Liste
lobby-notice-no-tournament-selected = Kein Turnier gewählt: mit Hoch/Runter eines wählen, dann Enter
lobby-notice-not-admin = Die Admin-Seite ist nur für die Admins des Servers

## Help dialog (src/ui/dialog.rs)

keys-any-key = jede Taste
keys-closes-help = schließt die Hilfe
keys-help-more = { $count } weitere: ein höheres Fenster zeigt sie

## Colours of the sides

color-red = Rot
color-blue = Blau

## Ranks: names, and the letters of the pieces without a number
## (Spion, Bombe, Fahne: the same letters as in English)

rank-marshal = Feldmarschall
rank-general = General
rank-colonel = Oberst
rank-major = Major
rank-captain = Hauptmann
rank-lieutenant = Leutnant
rank-sergeant = Feldwebel
rank-miner = Mineur
rank-scout = Aufklärer
rank-spy = Spion
rank-bomb = Bombe
rank-flag = Fahne
rank-letter-spy = S
rank-letter-bomb = B
rank-letter-flag = F
