# Toernooien (nl): het scherm van een toernooi, de woorden van de lijsten, het beheerscherm.

## Tournament screen (src/ui/tournament.rs)

tournament-title = Toernooi
tournament-gone = Dit toernooi staat niet meer in de lijst: Esc gaat terug naar de lobby
tournament-terms-arena = Arena { $minutes } min
tournament-terms-swiss = Zwitsers, { $rounds ->
        [one] 1 ronde
       *[other] { $rounds } rondes
    }
tournament-kind-arena = Arena { $minutes } min
tournament-kind-swiss = Zwitsers { $rounds } r.
tournament-no-clock = zonder klok
tournament-rated = om rating
tournament-casual = vrijblijvend
tournament-entry-anyone = open voor iedereen
tournament-entry-keys = alleen met sleutel
tournament-entry-invited = uitgenodigd: { $nicks }
tournament-min-rated = { $games ->
        [one] vanaf 1 partij om rating
       *[other] vanaf { $games } partijen om rating
    }
tournament-note-cancelled = afgelast door een organisator
tournament-note-too-few = afgelast: minder dan twee spelers bij de start
tournament-note-end-time = beëindigd op de eindtijd
tournament-note-rounds = beëindigd na { $rounds ->
        [one] 1 ronde
       *[other] { $rounds } rondes
    }
tournament-status-upcoming = aangekondigd
tournament-status-running = bezig
tournament-status-finished = afgelopen
tournament-status-cancelled = afgelast
tournament-starts-at = begint { $date } UTC
tournament-starting = begint zo
tournament-starts-in = begint over { $time }
tournament-round-of = ronde { $round } van { $rounds }
tournament-round-short = ronde { $round }/{ $rounds }
tournament-ends-at = eindigt { $date } UTC
tournament-ending = eindigt zo
tournament-ends-in = eindigt over { $time }
tournament-days-hours = { $days }d { $hours }u
tournament-players = { $count ->
        [one] 1 speler
       *[other] { $count } spelers
    }
tournament-you-in = je doet mee
tournament-you-paused = je pauzeert
tournament-you-withdrew = je hebt je teruggetrokken
tournament-by = door { $nick }
tournament-standings-title = Stand ({ $count })
tournament-head-player = speler
tournament-head-rating = rating
tournament-head-points = punten
tournament-head-games = partijen
tournament-head-perf = TPR
tournament-head-buchholz = WP
tournament-head-sonneborn = SB
tournament-tiebreaks = WP: weerstandspunten (Buchholz), SB: Sonneborn-Berger
tournament-tiebreak-bh = WP: weerstandspunten (Buchholz)
tournament-nobody-yet = nog niemand ingeschreven
tournament-no-players = geen spelers
tournament-streak = { $fire } op dreef: punten dubbel
tournament-state-paused = pauze
tournament-state-left = gestopt
tournament-state-absent = afwezig
tournament-mark-win = W
tournament-mark-draw = R
tournament-mark-loss = V
tournament-mark-bye = B
tournament-games-title = Lopende partijen ({ $count })
tournament-vs = –
tournament-game-round = r{ $round }
tournament-none-before-start = geen vóór het begin
tournament-no-games = geen lopende partijen
tournament-chat-title = Chat
tournament-chat-idle = t om te chatten

## Tournament notices (src/ui/tournament.rs)

tournament-notice-game-ended = De gekozen partij is afgelopen
tournament-notice-no-games = Geen lopende partijen om te bekijken
tournament-notice-player-gone = De gekozen speler staat niet meer in de lijst
tournament-notice-nobody = Nog niemand heeft zich ingeschreven
tournament-notice-no-player = Geen speler gekozen
tournament-notice-in-already = Je doet al mee aan dit toernooi
tournament-notice-swiss-started = Bij een Zwitsers toernooi kun je na het begin niet meer instappen
tournament-notice-over = Dit toernooi is voorbij
tournament-notice-cancelled = Dit toernooi is afgelast
tournament-notice-cannot-join = Je kunt niet meedoen aan dit toernooi
tournament-notice-not-joined = Je doet niet mee aan dit toernooi (j: meedoen)

## Tournament keys: footer and help (src/ui/tournament.rs)

tournament-help-title = Toetsen van het toernooi
tournament-keys-page = PgUp/PgDn, Home/End
tournament-keys-next-list = volgende lijst
tournament-help-cycle = stand / lopende partijen / chat
tournament-help-move = door de lijst gaan
tournament-help-page = een pagina omhoog / omlaag, eerste / laatste
tournament-keys-watch = kijken
tournament-keys-profile = profiel
tournament-keys-type = typen
tournament-help-enter = de gekozen partij bekijken, het profiel van de gekozen speler, chat
tournament-keys-join = meedoen
tournament-keys-come-back = verder spelen
tournament-help-join = meedoen (arena: na een pauze verder spelen)
tournament-keys-pause = pauze
tournament-keys-withdraw = terugtrekken
tournament-help-withdraw = terugtrekken (lopende arena: pauze, punten blijven staan)
tournament-keys-chat = chat
tournament-help-chat = typen in de chat van het toernooi
tournament-help-profile = profiel van de gekozen speler
tournament-help-mouse = klik kiest, nog een klik bekijkt / opent het profiel
tournament-help-settings = instellingen (nummering, ASCII, kleuren)
tournament-keys-lobby = lobby
tournament-help-back = terug naar de lobby
tournament-keys-help = hulp
tournament-keys-send = versturen
tournament-keys-cancel = annuleren

## Admin screen (src/ui/admin.rs)

admin-title = Beheer
admin-counts = { $sessions ->
        [one] 1 sessie
       *[other] { $sessions } sessies
    } online, { $bans ->
        [one] 1 ban
       *[other] { $bans } bans
    }, { $tournaments ->
        [one] 1 toernooi
       *[other] { $tournaments } toernooien
    }
admin-loading = laden…
admin-sessions-title = Sessies online ({ $count })
admin-head-nick = naam
admin-head-id = toegang
admin-head-address = adres
admin-head-where = waar
admin-head-key = sleutel
admin-nick-you = { $nick } (jij)
admin-who-guest = gast
admin-who-key = sleutel
admin-where-lobby = lobby
admin-where-seeking = lobby, zoekt een partij
admin-where-playing = speelt #{ $id }
admin-where-watching = kijkt mee bij #{ $id }
admin-where-left = lobby, #{ $id } verlaten
admin-nobody-online = niemand online
admin-bans-title = Bans ({ $count })
admin-head-what = wat
admin-head-value = waarde
admin-head-reason = reden
admin-head-by = door
admin-head-when = wanneer (UTC)
admin-ban-nick = naam
admin-ban-key = sleutel
admin-ban-addr = adres
admin-no-bans = geen bans
admin-tournaments-title = Toernooien ({ $count })
admin-head-name = naam
admin-head-status = status
admin-head-format = systeem
admin-head-entrants = deelnemers
admin-ends-at = eindigt { $date }
admin-no-tournaments = geen toernooien: N maakt er een

## Admin refusals (src/ui/admin.rs)

admin-tour-name = #{ $id } “{ $name }”
admin-tournament-gone = Het gekozen toernooi staat niet meer in de lijst: kies een ander
admin-no-tournament = Er staat geen toernooi in de lijst: N maakt er een (daarna { $then })
admin-then-start = S start het
admin-then-cancel = X gelast het af
admin-then-edit = E bewerkt het
admin-select-session = Kies eerst een sessie in de lijst, daarna { $then }
admin-then-kick = K zet hem eruit
admin-then-ban = B bant hem
admin-not-yourself = Dat ben jij: een beheerder kan zichzelf hier niet eruit zetten of bannen
admin-no-ban = Geen ban gekozen: Tab naar de lijst van bans, kies er een, dan U
admin-cannot-start = Toernooi { $name } { $status ->
        [running] is al bezig
        [finished] is afgelopen
        [cancelled] is afgelast
       *[upcoming] is aangekondigd
    }: alleen een aangekondigd toernooi kan starten
admin-over-already = Toernooi { $name } { $status ->
        [cancelled] is al afgelast
       *[finished] is al afgelopen
    }
admin-edit-started = Toernooi { $name } is begonnen: het kan niet meer bewerkt worden
admin-edit-finished = Toernooi { $name } is afgelopen: het kan niet meer bewerkt worden
admin-edit-cancelled = Toernooi { $name } is afgelast: het kan niet meer bewerkt worden

## Admin dialogs (src/ui/admin.rs)

admin-unban-title = Ban opheffen
admin-unban-question = De ban op { $kind } { $value } opheffen?
admin-start-title = Toernooi starten
admin-start-question = #{ $id } “{ $name }” nu starten?
admin-cancel-title = Toernooi afgelasten
admin-cancel-question = #{ $id } “{ $name }” ({ $status ->
        [running] bezig
       *[upcoming] aangekondigd
    }) afgelasten?
admin-kick-title = { $nick } eruit zetten
admin-kick-what = Verbreekt elke sessie van { $nick }.
admin-reason = reden:
admin-kick-note = (leeg: de speler hoort alleen dat een beheerder de verbinding verbrak)
admin-ban-title = { $nick } bannen
admin-ban-by = bannen op:
admin-ban-others = (Links/Rechts: { $others })
admin-ban-note = Geldt meteen; passende sessies worden verbroken met de reden.
admin-broadcast-title = Omroepen
admin-broadcast-what = Een bericht aan elke sessie online:
admin-say = zeg:
admin-broadcast-empty = Typ eerst een bericht

## Admin keys: footer, help and dialogs (src/ui/admin.rs)

admin-help-title = Toetsen van het beheerscherm
admin-keys-bans = bans
admin-keys-tournaments = toernooien
admin-keys-sessions = sessies
admin-help-tabs = de volgende / vorige lijst
admin-keys-sides = Links / Rechts, h / l
admin-help-sides = de lijst ervoor / erna (sessies, bans, toernooien)
admin-keys-kick = eruit zetten
admin-help-kick = de naam van de gekozen sessie eruit zetten (vraagt een reden)
admin-keys-ban = bannen
admin-help-ban = de naam, sleutel of het adres bannen (vraagt een reden)
admin-keys-unban = ban opheffen
admin-keys-unban-label = U, Enter/Del op een ban
admin-help-unban = de gekozen ban opheffen (vraagt ja/nee)
admin-keys-broadcast = omroepen
admin-help-broadcast = een bericht omroepen aan iedereen online
admin-keys-start = starten
admin-help-start = het gekozen toernooi nu starten (vraagt ja/nee)
admin-keys-cancel = afgelasten
admin-help-cancel = het gekozen toernooi afgelasten (vraagt ja/nee)
admin-keys-edit = bewerken
admin-help-edit = het gekozen toernooi bewerken (alleen vóór het begin)
admin-keys-new-tournament = nieuw toernooi
admin-keys-new = nieuw
admin-help-new = een nieuw toernooi (een formulier)
admin-keys-refresh = verversen
admin-help-refresh = nu verversen (anders elke seconde)
admin-help-mouse = klik kiest
admin-help-settings = instellingen
admin-keys-dismiss = annuleren
admin-keys-what-to-ban = wat bannen
admin-keys-yes = ja
admin-keys-no = nee
admin-keys-field = veld
admin-keys-change = wijzigen
admin-keys-create = aanmaken
admin-keys-save = opslaan

## Admin's tournament form (src/ui/admin.rs)

admin-form-new = Nieuw toernooi
admin-form-edit = Toernooi #{ $id } bewerken
admin-form-name = Naam
admin-form-format = Systeem
admin-form-rounds = Rondes
admin-form-minutes = Minuten
admin-form-variant = Variant
admin-form-clock = Klok
admin-form-rated = Rating
admin-form-start = Begin
admin-form-entry = Wie mag meedoen
admin-form-min-rated = Min. partijen om rating
admin-form-arena = Arena
admin-form-swiss = Zwitsers
admin-form-clock-value = { $minutes } min + { $increment } s per zet
admin-form-casual = vrijblijvend: geen ratingwijziging
admin-start-as-set = zoals vastgelegd: { $date } UTC
admin-start-now = nu
admin-start-now-at = nu ({ $date } UTC)
admin-start-in = over { $minutes ->
        [one] 1 minuut
       *[other] { $minutes } minuten
    }
admin-start-in-at = over { $minutes ->
        [one] 1 minuut
       *[other] { $minutes } minuten
    } ({ $date } UTC)
admin-explain-name = Te zien in elke lobby: 1 tot { $max } tekens.
admin-explain-format = Arena: een vaste tijd, wie een partij uitspeelt, krijgt meteen een nieuwe tegenstander. Zwitsers: een vast aantal rondes, ingedeeld op punten.
admin-explain-rounds = Hoeveel rondes: 1 tot 30.
admin-explain-minutes = Hoe lang de arena duurt: 1 tot 720 minuten.
admin-explain-variant-edit = De andere spelregelopties blijven zoals ze zijn: { $rules }.
admin-explain-variant = { $classic }: 40 stukken elk; { $duel }: 10; { $barrage }: 8. De andere spelregelopties zijn de standaardopties.
admin-explain-clock = De bedenktijd van elke speler voor een partij, plus seconden na elke zet.
admin-explain-rated = Partijen om rating veranderen de rating van de spelers; vrijblijvende niet.
admin-explain-start = Wanneer het begint, vanaf nu (S in de lijst start een aangekondigd toernooi meteen).
admin-explain-entry = Iedereen, of alleen spelers die met een sleutel inloggen. Een lijst met uitnodigingen kan alleen via de opdrachtregel (--entry NICK,NICK).
admin-explain-min-rated = Partijen om rating in de variant van het toernooi die een speler nodig heeft om mee te doen (0: geen).
admin-error-name = Geef het toernooi eerst een naam
admin-error-rounds = Een Zwitsers toernooi heeft 1 tot 30 rondes
admin-error-minutes = Een arena duurt 1 tot 720 minuten
admin-error-min-rated = Min. partijen om rating: een getal (0: iedereen mag meedoen)
admin-error-time = De tijd is nog niet bekend: probeer het zo opnieuw
admin-form-other-options = Andere spelregelopties: ssh host admin tournament ... (zie tournament help)
