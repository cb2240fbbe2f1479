//# allFunctionsCalledOnLoad
/* Katana's renderer: the table as a picture.  Each seat is a panel with its character and role
   cards (a role the perspective may not see lies face down), its resilience and honour as
   tokens, its hand (face down unless the perspective may see it) and its permanents in play; the
   middle of the table has the draw and discard piles, the card just played and whose turn it is.
   The seat that took the step is outlined, the seats that must act are marked.  Card names and
   numbers (difficulty, damage) come from context.components (engine_ext/katana/data.py); views
   are engine_ext/katana/views.py's.  It draws any view, a replay's or a seat's observation: see
   replay/table.js for how a person's seat page calls it. */
(() => {
  "use strict";

  const { humanize, svg, card, tokens, heading, picture, lines, wrap } = window.ReplayTable;

  const WIDTH = 900;
  const PER_ROW = 2;
  const PANEL_W = 450;
  const PANEL_H = 262;
  const MIDDLE_H = 170;
  const CARD_W = 58;
  const CARD_H = 84;

  const facts = (context, kind, key) => ((context.components || {})[kind] || {})[key] || null;

  function cardName(key, context) {
    if (!key) return "a hidden card";
    const printed = context ? facts(context, "cards", key) : null;
    return printed ? printed.name : humanize(key);
  }

  /* A Katana card, face up with its name and numbers, or face down when ``key`` is null. */
  function katanaCard(x, y, key, context, { count = 1, classes = "", w = CARD_W, h = CARD_H } = {}) {
    if (!key) return card(x, y, w, h, { faceDown: true, classes, data: { card: "hidden" }, tooltip: "a hidden card" });
    const printed = facts(context, "cards", key) || { name: humanize(key), kind: "", range: 0, damage: 0 };
    const weapon = printed.kind === "weapon";
    return card(x, y, w, h, {
      title: printed.name, kind: printed.kind, count, classes: `card-${printed.kind} ${classes}`, data: { card: key },
      numbers: weapon ? [
        { value: printed.range, className: "card-range", label: `difficulty ${printed.range}` },
        { value: printed.damage, className: "card-damage", label: `damage ${printed.damage}` }] : [],
      tooltip: weapon ? `${printed.name}: weapon, difficulty ${printed.range}, damage ${printed.damage}`
        : `${printed.name}: ${printed.kind}`,
    });
  }

  /* The card the step put on the table (played, or parried with) and who did; null if none. */
  function justPlayed(context) {
    const events = (context.frame && context.frame.events) || [];
    for (let i = events.length - 1; i >= 0; i -= 1) {
      const event = events[i];
      if ((event.event === "play" || event.event === "parry") && event.card) {
        return { card: event.card, seat: event.seat, parry: event.event === "parry" };
      }
    }
    return null;
  }

  function pendingText(view, context) {
    const pending = view.pending;
    if (!pending) return "";
    switch (view.phase) {
      case "parry_choice":
        return `${context.seatName(pending.target)} must parry ${cardName(pending.card, context)} from `
          + `${context.seatName(pending.attacker)} or take ${pending.damage} damage`;
      case "choose_target":
        return `${context.seatName(pending.by)} chooses a target for ${cardName(pending.card, context)}`;
      case "geisha_choice":
        return `${context.seatName(pending.by)} chooses what the Geisha takes from ${context.seatName(pending.target)}`;
      case "battlecry": case "jujitsu":
        return `every other seat answers ${cardName(pending.card, context)} from ${context.seatName(pending.by)}`;
      case "draw_choice":
        return `${pending.draws} card(s) still to draw`;
      case "bushido_choice":
        return `the Code du Bushido flipped ${cardName(pending.card, context)}`;
      default:
        return "";
    }
  }

  /* Cards in a row from x, overlapping when they do not fit in ``room``. */
  function cardRow(x, y, room, w, entries, draw) {
    const step = entries.length > 1 ? Math.min(w + 6, (room - w) / (entries.length - 1)) : 0;
    return entries.map((entry, i) => draw(x + i * step, y, entry));
  }

  function seatPanel(view, index, context, x, y, played) {
    const seat = view.seats[index];
    const own = view.seat === index && view.you;
    const hand = seat.hand || (own ? view.you.hand : null);
    const role = seat.role || (own ? view.you.role : null);
    const stars = seat.stars || (own ? view.you.stars : null);
    const acting = context.frame && context.frame.seat === index;
    const classes = ["seat"];
    if (acting) classes.push("seat-acting");
    if (view.to_act.includes(index)) classes.push("seat-to-act");
    if (own) classes.push("seat-you");
    if (seat.harmless) classes.push("seat-harmless");
    const group = svg("g", { class: classes.join(" "), "data-seat": index, transform: `translate(${x} ${y})` });
    group.append(svg("rect", { class: "seat-frame", x: 4, y: 4, width: PANEL_W - 8, height: PANEL_H - 8, rx: 8 }));

    const marks = [];
    if (acting) marks.push(["acted", "badge-acting"]);
    if (view.to_act.includes(index)) marks.push(["to act", "badge-to-act"]);
    if (index === view.turn && view.phase !== "game_over") marks.push(["turn", "badge-turn"]);
    if (index === view.bushido_holder) marks.push(["Bushido", "badge-bushido"]);
    if (seat.harmless) marks.push(["harmless", "badge-harmless"]);
    group.append(heading(14, 24, PANEL_W - 14, context.seatName(index) + (own ? " — you" : ""), marks));

    const character = facts(context, "characters", seat.character) || { name: humanize(seat.character), resilience: seat.max_resilience, ability: "" };
    group.append(card(12, 36, 62, 88, { title: character.name, kind: "character", classes: "card-character",
      data: { character: seat.character }, tooltip: `${character.name}: ${character.ability}`,
      numbers: [{ value: seat.max_resilience, className: "card-resilience", label: `resilience ${seat.max_resilience}` }] }));
    if (role) {
      const printed = facts(context, "roles", role) || { name: humanize(role), team: "" };
      group.append(card(80, 36, 62, 88, { title: printed.name, kind: stars ? "★".repeat(stars) : `team ${printed.team}`,
        classes: `card-role role-${printed.team || role}`, data: { role }, tooltip: `${printed.name} (team ${printed.team})` }));
    } else {
      group.append(card(80, 36, 62, 88, { faceDown: true, classes: "card-role", data: { role: "hidden" },
        tooltip: "a role this seat does not know" }));
    }

    const perRow = 8;
    group.append(svg("text", { x: 152, y: 48, class: "token-label" }, `resilience ${seat.resilience} / ${seat.max_resilience}`));
    group.append(tokens(152, 54, seat.resilience, { of: seat.max_resilience, perRow, className: "token-resilience",
      title: `resilience ${seat.resilience} of ${seat.max_resilience}` }));
    group.append(svg("text", { x: 152, y: 88, class: "token-label" }, `honour ${seat.honor}`));
    group.append(tokens(152, 94, Math.max(seat.honor, 0), { perRow, className: "token-honour", title: `honour ${seat.honor}` }));

    group.append(svg("text", { x: 14, y: 144, class: "token-label" },
      `hand · ${seat.hand_size} card${seat.hand_size === 1 ? "" : "s"}${hand ? "" : " (hidden)"}`));
    const handRow = svg("g", { class: hand ? "hand" : "hand hand-hidden" });
    if (hand) {
      const order = Object.keys((context.components || {}).cards || {});
      const keys = Object.keys(hand).sort((a, b) => order.indexOf(a) - order.indexOf(b));
      handRow.append(...cardRow(14, 150, PANEL_W - 28, CARD_W, keys,
        (cx, cy, key) => katanaCard(cx, cy, key, context, { count: hand[key] })));
    } else {
      const backs = Array.from({ length: Math.min(seat.hand_size, 7) }, () => null);
      handRow.append(...cardRow(14, 150, Math.min(PANEL_W - 28, 40 + 18 * backs.length), CARD_W, backs,
        (cx, cy) => katanaCard(cx, cy, null, context)));
    }
    group.append(handRow);

    const permanents = Object.keys(seat.permanents || {});
    group.append(svg("text", { x: 278, y: 48, class: "token-label" }, permanents.length ? "in play" : "nothing in play"));
    group.append(svg("g", { class: "permanents" }, ...cardRow(278, 54, PANEL_W - 290, 52, permanents, (cx, cy, key) =>
      katanaCard(cx, cy, key, context, { count: seat.permanents[key], w: 52, h: 70,
        classes: played && played.seat === index && played.card === key ? "card-just-played" : "" }))));
    return group;
  }

  function middle(view, context, played) {
    const group = svg("g", { class: "table-middle" });
    group.append(svg("rect", { class: "table-felt", x: 4, y: 4, width: WIDTH - 8, height: MIDDLE_H - 8, rx: 14 }));
    group.append(card(24, 36, CARD_W, CARD_H, { faceDown: true, classes: "pile-draw", data: { pile: "draw" },
      tooltip: `draw pile: ${view.draw_pile} cards` }));
    group.append(svg("text", { x: 24 + CARD_W / 2, y: 30, class: "pile-label", "text-anchor": "middle" }, `draw ${view.draw_pile}`));
    const discard = view.discard_pile;
    group.append(svg("text", { x: 104 + CARD_W / 2, y: 30, class: "pile-label", "text-anchor": "middle" }, `discard ${discard.length}`));
    if (discard.length) {
      group.append(katanaCard(104, 36, discard[discard.length - 1], context, { classes: "pile-discard" }));
    } else {
      group.append(svg("rect", { class: "pile-empty", x: 104, y: 36, width: CARD_W, height: CARD_H, rx: 5 }));
    }
    const shown = played ? played.card : (view.pending && view.pending.card) || null;
    if (shown) {
      group.append(svg("text", { x: 190 + 35, y: 30, class: "pile-label", "text-anchor": "middle" },
        played ? (played.parry ? "parried with" : "just played") : "under way"));
      group.append(katanaCard(190, 36, shown, context, { w: 70, h: 100, classes: played ? "card-just-played" : "card-pending" }));
      if (played) {
        group.append(svg("text", { x: 190 + 35, y: 152, class: "pile-label", "text-anchor": "middle" }, `by seat ${played.seat}`));
      }
    }
    const turn = view.phase === "game_over" ? "The game is over" : `Turn ${view.turn_number}: ${context.seatName(view.turn)}'s turn`;
    const texts = [
      view.phase === "game_over" ? `after ${view.turn_number} turns` : `phase: ${humanize(view.phase).toLowerCase()}`,
      // The weapon count only means something while a turn is under way.
      ...(view.phase === "game_over" ? [] : [`weapons played this turn: ${view.weapons_played} of ${view.weapon_limit}`]),
      ...wrap(pendingText(view, context), 70),
    ];
    if (view.to_act.length) texts.push(`to act: ${view.to_act.map(context.seatName).join(", ")}`);
    group.append(svg("text", { x: 300, y: 44, class: "table-headline" }, turn));
    group.append(lines(300, 70, texts, { className: "table-status", step: 19 }));
    return group;
  }

  function render(board, view, context) {
    const played = justPlayed(context);
    const rows = Math.ceil(view.seats.length / PER_ROW);
    const height = MIDDLE_H + rows * PANEL_H;
    const title = context.step === null || context.step === undefined
      ? "The Katana table" : `The Katana table after step ${context.step}`;
    const drawing = picture(WIDTH, height, title, "katana-table");
    drawing.append(middle(view, context, played));
    view.seats.forEach((_, index) => {
      const row = Math.floor(index / PER_ROW);
      const inRow = Math.min(PER_ROW, view.seats.length - row * PER_ROW);
      const x = (WIDTH - inRow * PANEL_W) / 2 + (index % PER_ROW) * PANEL_W;
      drawing.append(seatPanel(view, index, context, x, MIDDLE_H + row * PANEL_H, played));
    });
    board.replaceChildren(drawing);
  }

  function describeAction(frame, context) {
    const name = frame.action;
    const play = name.match(/^PLAY_(.+)$/);
    if (play) return `plays ${cardName(play[1].toLowerCase(), context)}`;
    const target = name.match(/^TARGET_SEAT_(\d+)$/);
    if (target) return `targets seat ${target[1]}`;
    const parry = name.match(/^PARRY_WITH_(.+)$/);
    if (parry) return `parries with ${cardName(parry[1].toLowerCase(), context)}`;
    const discard = name.match(/^DISCARD_(.+)$/);
    if (discard) return `discards ${cardName(discard[1].toLowerCase(), context)}`;
    const geisha = name.match(/^GEISHA_(.+)$/);
    if (geisha && name !== "GEISHA_HAND") return `has the Geisha take ${cardName(geisha[1].toLowerCase(), context)}`;
    return {
      END_TURN: "ends the turn", PARRY: "parries", TAKE_DAMAGE: "takes the damage",
      BUSHIDO_PAY_HONOR: "pays a point of honour for the Code du Bushido",
      DRAW_FROM_DISCARD: "draws from the discard pile", DRAW_FROM_PILE: "draws from the pile",
      NOBUNAGA_DRAW: "pays a resilience point to draw (Nobunaga)", GEISHA_HAND: "has the Geisha take a card from the hand",
      FORFEIT: "forfeits (the bot failed)",
    }[name] || humanize(name);
  }

  const END_REASONS = {
    honor: "a seat ran out of honour", sword_victory: "the sword victory", sword_victory_void: "a void sword victory",
    forfeit: "a forfeit",
  };

  function describeEvent(event, context) {
    const who = context.seatName(event.seat);
    const whom = context.seatName(event.target);
    switch (event.event) {
      case "turn": return `${who} begins turn ${event.amount}.`;
      case "recover": return `${who} recovers: back to ${event.amount} resilience.`;
      case "draw": return event.card ? `${who} draws ${cardName(event.card, context)}.` : `${who} draws a card.`;
      case "take_discard": return `${who} takes ${cardName(event.card, context)} from the discard pile.`;
      case "reshuffle": return `The discard pile is shuffled into a new draw pile of ${event.amount} cards.`;
      case "flip": return `${who} flips ${cardName(event.card, context)} for the Code du Bushido.`;
      case "bushido_pass": return `${who} passes the Code du Bushido to ${whom}.`;
      case "play": return `${who} plays ${cardName(event.card, context)}.`;
      case "target": return `${who} targets ${whom} with ${cardName(event.card, context)}.`;
      case "parry": return `${who} parries the attack of ${whom} with ${cardName(event.card, context)}.`;
      case "damage": return `${who} deals ${event.amount} damage to ${whom}.`;
      case "defeat": return `${who} defeats ${whom}.`;
      case "honor": return event.amount >= 0
        ? `${who} gains ${event.amount} honour point${event.amount === 1 ? "" : "s"}.`
        : `${who} loses ${-event.amount} honour point${event.amount === -1 ? "" : "s"}.`;
      case "steal": return event.card ? `${who} takes ${cardName(event.card, context)} from ${whom}.`
        : `${who} takes a card from ${whom}.`;
      case "discard": return `${who} discards ${cardName(event.card, context)}.`;
      case "permanent_lost": return `${whom} loses ${cardName(event.card, context)} from play.`;
      case "heal": return `${who} heals: ${event.amount} resilience.`;
      case "nobunaga": return `${who} pays ${event.amount} resilience to draw a card (Nobunaga).`;
      case "end": return `The game ends: ${END_REASONS[event.reason] || humanize(event.reason)}.`;
      default: return null;
    }
  }

  window.ReplayRenderers.register("katana", { render, describeEvent, describeAction });
})();
