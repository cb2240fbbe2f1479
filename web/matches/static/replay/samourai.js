//# allFunctionsCalledOnLoad
/* Samouraï & Katana's replay renderer: the map of Japan drawn as SVG (territories coloured by their
   owner with their samurai, castles and cities, provinces held, the battle under way), the clans
   (honour, koku, titles, provinces held, hands as the perspective saw them), the battle's cards as
   the perspective saw them and as they were revealed, and each step's events in words.

   The map is engine_ext/samourai/data.py's, served by the spec's replay_board as context.board
   (territories with positions, provinces, land and sea links, cities, clans, cards): nothing of it
   is kept here.  Views are engine_ext/samourai/views.py's.  Colours are replay.css's (samourai-*):
   the site's content policy allows no inline style, so a seat's colour is a class. */
(() => {
  "use strict";

  const { humanize, element } = window.ReplayPlayer;
  const SVG = "http://www.w3.org/2000/svg";
  const NODE_RADIUS = 11;
  const PROVINCE_MARGIN = 34;        // the width of the band drawn round a province's territories
  const BATTLE_LOOKBACK = 400;       // frames searched back for the battle a step belongs to

  function svg(tag, attributes = {}, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value !== null && value !== undefined) node.setAttribute(name, String(value));
    }
    for (const child of children) node.append(child);
    return node;
  }

  /* The board's tables indexed once per board object. */
  const indexes = new WeakMap();
  function index(board) {
    let found = indexes.get(board);
    if (!found) {
      found = {
        territory: new Map(board.territories.map((t) => [t.key, t])),
        province: new Map(board.provinces.map((p) => [p.key, p])),
        card: new Map(board.cards.map((c) => [c.key, c])),
        members: new Map(board.provinces.map((p) => [p.key,
          board.territories.filter((t) => t.province === p.key).map((t) => t.key)])),
      };
      indexes.set(board, found);
    }
    return found;
  }

  function territoryName(key, context) {
    if (key === null || key === undefined) return "nowhere";
    const territory = index(context.board).territory.get(key);
    return territory ? territory.name : key;
  }

  function cardName(key, context) {
    if (key === null || key === undefined) return "a hidden card";
    const card = index(context.board).card.get(key);
    return card ? card.name : humanize(key);
  }

  function cardCounts(counts, context) {
    const entries = Object.entries(counts || {}).filter(([, n]) => n);
    return entries.map(([key, n]) => cardName(key, context) + (n > 1 ? ` ×${n}` : "")).join(", ");
  }

  function clanName(seat, context) {
    const clan = context.board.clans[seat];
    return clan ? clan.daimyo : `clan ${seat}`;
  }

  /* Provinces held: every territory of the province owned by one clan. */
  function provincesHeld(view, context) {
    const owners = new Map(view.territories.map((t) => [t.key, t.owner]));
    const held = new Map();
    for (const [province, members] of index(context.board).members) {
      const owner = owners.get(members[0]);
      if (owner !== null && owner !== undefined && members.every((key) => owners.get(key) === owner)) {
        held.set(province, owner);
      }
    }
    return held;
  }

  // --- the map ------------------------------------------------------------------------------
  function hull(points) {
    // Andrew's monotone chain: the convex hull of a province's positions, counter-clockwise
    const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (sorted.length < 3) return sorted;
    const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    const lower = [];
    for (const p of sorted) {
      while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
      lower.push(p);
    }
    const upper = [];
    for (const p of sorted.reverse()) {
      while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
      upper.push(p);
    }
    return lower.slice(0, -1).concat(upper.slice(0, -1));
  }

  function provinceShapes(board, held, context) {
    const where = index(board).territory;
    return board.provinces.map((province, number) => {
      const points = index(board).members.get(province.key).map((key) => [where.get(key).x, where.get(key).y]);
      const outline = hull(points);
      const owner = held.get(province.key);
      const d = `M${outline.map((p) => p.join(",")).join("L")}Z`;
      const classes = ["samourai-province", `samourai-province-${number % 3}`];
      if (owner !== undefined) classes.push("samourai-held", `samourai-seat-${owner}`);
      const title = `${province.name} (${province.honor} honour)`
        + (owner !== undefined ? `, held by ${context.seatName(owner)}` : "");
      return svg("path", { d, class: classes.join(" "), "stroke-width": PROVINCE_MARGIN,
        "stroke-linejoin": "round", "data-province": province.key, "data-held-by": owner },
      svg("title", {}, title));
    });
  }

  function links(board) {
    const where = index(board).territory;
    const line = (a, b, kind) => svg("line", { x1: where.get(a).x, y1: where.get(a).y, x2: where.get(b).x,
      y2: where.get(b).y, class: `samourai-link samourai-${kind}-link` });
    return [...board.sea_links.map(([a, b]) => line(a, b, "sea")),
      ...board.land_links.map(([a, b]) => line(a, b, "land"))];
  }

  function castleMark(x, y, seat) {
    // a keep with two crenels, coloured by its clan
    return svg("path", { d: `M${x - 6},${y + 5}V${y - 3}h3v-3h2v3h2v-3h2v3h3V${y + 5}Z`,
      class: `samourai-castle samourai-seat-${seat}`, "data-castle": seat });
  }

  function cityMark(x, y, territory) {
    const size = territory.city_kind === "major" ? 8 : 6;
    return svg("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size,
      class: `samourai-city samourai-city-${territory.city_kind}` });
  }

  function territoryNode(territory, state, view, context) {
    const { x, y } = territory;
    const owner = state.owner;
    const fill = owner === null ? "samourai-free" : `samourai-seat-${owner}`;
    const group = svg("g", { class: "samourai-territory", "data-territory": territory.key,
      "data-owner": owner === null ? "" : owner, "data-samurai": state.samurai,
      "data-castle": state.castle === null ? "" : state.castle });
    const province = index(context.board).province.get(territory.province);
    const facts = [`${territory.name} (${province ? province.name : territory.province}, ${territory.terrain})`];
    if (territory.city) facts.push(`${territory.city} (${territory.city_kind} city, ${territory.city_points} PC)`);
    facts.push(owner === null ? "free" : `${context.seatName(owner)}, ${state.samurai} samurai`);
    if (state.castle !== null) facts.push(`castle of ${context.seatName(state.castle)}`);
    if (state.barred) facts.push("barred this turn (Terre brûlée)");
    group.append(svg("title", {}, facts.join(" · ")));
    if (territory.terrain === "mountain") {
      const r = NODE_RADIUS + 2;
      group.append(svg("polygon", { points: `${x},${y - r} ${x + r},${y + r * 0.75} ${x - r},${y + r * 0.75}`,
        class: `samourai-node samourai-mountain ${fill}` }));
    } else {
      group.append(svg("circle", { cx: x, cy: y, r: NODE_RADIUS, class: `samourai-node samourai-plain ${fill}` }));
    }
    if (state.samurai > 0) {
      group.append(svg("text", { x, y: y + 4, class: "samourai-count", "text-anchor": "middle" }, String(state.samurai)));
    }
    if (state.castle !== null) group.append(castleMark(x + 13, y - 11, state.castle));
    if (territory.city) group.append(cityMark(x - 13, y - 11, territory));
    if (territory.key === context.board.kyoto) {
      group.append(svg("circle", { cx: x, cy: y, r: NODE_RADIUS + 4, class: "samourai-kyoto" }));
    }
    if (state.barred) group.append(svg("circle", { cx: x, cy: y, r: NODE_RADIUS + 2, class: "samourai-barred" }));
    group.append(svg("text", { x, y: y + NODE_RADIUS + 10, class: "samourai-name", "text-anchor": "middle" },
      territory.name));
    return group;
  }

  function arrow(from, to, kind, board) {
    const where = index(board).territory;
    const a = where.get(from);
    const b = where.get(to);
    if (!a || !b) return null;
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const shorten = NODE_RADIUS + 3;
    const x2 = b.x - ((b.x - a.x) * shorten) / length;
    const y2 = b.y - ((b.y - a.y) * shorten) / length;
    return svg("line", { x1: a.x, y1: a.y, x2, y2, class: `samourai-arrow samourai-${kind}`,
      "marker-end": `url(#samourai-arrowhead-${kind})` });
  }

  function drawMap(view, context, held, battle) {
    const board = context.board;
    const { width, height } = board.frame;
    const where = index(board).territory;
    const markers = svg("defs", {}, ...["move", "attack"].map((kind) => svg("marker", {
      id: `samourai-arrowhead-${kind}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5,
      orient: "auto-start-reverse" }, svg("path", { d: "M0,0L10,5L0,10Z", class: `samourai-arrowhead samourai-${kind}` }))));
    const map = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "samourai-map", role: "img",
      "aria-label": "The map of Japan: territories coloured by their clan, with their samurai, castles and cities" },
    markers, svg("rect", { x: 0, y: 0, width, height, class: "samourai-sea" }));
    map.append(svg("g", { class: "samourai-provinces" }, ...provinceShapes(board, held, context)));
    map.append(svg("g", { class: "samourai-links" }, ...links(board)));
    const move = view.pending && view.pending.move;
    if (move && move.from && move.to) map.append(arrow(move.from, move.to, "move", board));
    if (battle && battle.from) map.append(arrow(battle.from, battle.territory, "attack", board));
    const states = new Map(view.territories.map((t) => [t.key, t]));
    map.append(svg("g", { class: "samourai-territories" },
      ...board.territories.map((t) => territoryNode(t, states.get(t.key), view, context))));
    if (battle && where.get(battle.territory)) {
      const t = where.get(battle.territory);
      map.append(svg("circle", { cx: t.x, cy: t.y, r: NODE_RADIUS + 7, class: "samourai-battle-ring" }));
    }
    return map;
  }

  // --- the clans ----------------------------------------------------------------------------
  function handOf(view, seat) {
    if (view.seats[seat].hand) return view.seats[seat].hand;         // everything
    if (view.seat === seat && view.you) return view.you.hand;         // the seat's own view
    return null;
  }

  function privateOf(view, seat, key) {
    if (key in view.seats[seat]) return view.seats[seat][key];
    if (view.seat === seat && view.you) return view.you[key];
    return null;
  }

  function clanTable(view, context, held) {
    const heldBy = (seat) => [...held].filter(([, owner]) => owner === seat)
      .map(([key]) => index(context.board).province.get(key).name);
    const treasury = view.options && view.options.clan_treasury;
    const titles = ["Clan", "Titles", "Honour", "Koku", "Samurai (board / reserve)", "Castles left",
      "Territories", "Cities (PC)", "Provinces held", "Cards", "Hand"];
    if (treasury) titles.push("Treasury");
    const rows = view.seats.map((seat, i) => {
      const hand = handOf(view, i);
      const setAside = privateOf(view, i, "discards_set_aside");
      const marks = [];
      if (seat.emperor) marks.push("Emperor");
      if (seat.shogun) marks.push("Shogun");
      if (i === view.active) marks.push("active");
      if (view.to_act.includes(i)) marks.push("to act");
      if (seat.eliminated) marks.push("eliminated");
      if (seat.forfeited) marks.push("forfeited");
      let handText = hand === null ? "hidden" : (cardCounts(hand, context) || "empty");
      if (setAside && Object.keys(setAside).length) handText += ` (set aside to discard: ${cardCounts(setAside, context)})`;
      const cells = [
        element("td", {}, element("span", { class: `samourai-swatch samourai-swatch-${i}` }),
          `${context.seatName(i)} — ${clanName(i, context)}` + (view.seat === i ? " — this perspective" : "")),
        element("td", {}, marks.join(", ")),
        element("td", { class: "num samourai-honor" }, String(seat.honor)),
        element("td", { class: "num samourai-koku" }, String(seat.koku)),
        element("td", { class: "num" }, `${seat.samurai_on_board} / ${seat.reserve_samurai}`),
        element("td", { class: "num" }, String(seat.reserve_castles)),
        element("td", { class: "num" }, String(seat.territories)),
        element("td", { class: "num" }, `${seat.cities} (${seat.clan_points})`),
        element("td", { class: "samourai-provinces-held" }, heldBy(i).join(", ") || "—"),
        element("td", { class: "num" }, String(seat.hand_size)),
        element("td", { class: "replay-hand" }, handText),
      ];
      if (treasury) {
        const koku = privateOf(view, i, "treasury");
        cells.push(element("td", { class: "num" }, koku === null ? "hidden" : String(koku)));
      }
      return element("tr", { "data-seat": String(i), class: view.to_act.includes(i) ? "replay-to-act" : "" }, ...cells);
    });
    return element("table", { class: "replay-table samourai-clans" },
      element("thead", {}, element("tr", {}, ...titles.map((t, i) => element("th",
        [2, 3, 4, 5, 6, 7, 9].includes(i) ? { class: "num" } : {}, t)))),
      element("tbody", {}, ...rows));
  }

  // --- the battle ---------------------------------------------------------------------------
  /* The events of the battle the current step belongs to: from its "battle" event (searched back
     through the frames) to this step. */
  function battleEvents(context) {
    const frames = context.frames.frames;
    const collected = [];
    for (let k = context.step; k >= 1 && k > context.step - BATTLE_LOOKBACK; k -= 1) {
      const events = frames[k].events;
      for (let e = events.length - 1; e >= 0; e -= 1) {
        collected.unshift(events[e]);
        if (events[e].event === "battle") return collected;
      }
    }
    return null;
  }

  /* The battle to show: the view's (under way, or revealed while its aftermath is decided), or the
     one whose cards this step revealed. */
  function currentBattle(view, context) {
    const here = context.frame.events || [];
    const resolvedNow = here.some((e) => e.event === "reveal" || e.event === "battle_end");
    if (!view.battle && !resolvedNow) return null;
    const events = battleEvents(context) || [];
    const start = events.find((e) => e.event === "battle");
    const end = events.find((e) => e.event === "battle_end");
    const losses = events.find((e) => e.event === "losses");
    if (view.battle) {
      return { ...view.battle, end, losses, revealed: view.battle.winner !== null };
    }
    if (!start) return null;
    const side = (seat) => {
      const cards = [null, null, null];
      for (const e of events) if (e.event === "reveal" && e.seat === seat) cards[e.amount] = e.card;
      return { seat, committed: cards.filter((c) => c !== null).length, cards };
    };
    return {
      territory: start.territory, from: null, attacking_samurai: start.amount,
      attacker: side(start.seat), defender: side(start.other), forced_defence: false,
      winner: end ? end.winner : null, retreat_to: null, end, losses, revealed: true,
    };
  }

  /* A side's three slots: its two cards and its special, face up when the perspective sees them,
     face down (their count only) otherwise; ``done``: the side has finished committing. */
  function cardChips(side, context, done) {
    const slots = ["first card", "second card", "special"];
    return slots.map((slot, i) => {
      if (side.cards !== null) {
        const key = side.cards[i];
        if (key === null) {
          return element("span", { class: "samourai-card samourai-card-empty", "data-slot": String(i), "data-card": "" },
            i === 2 && done ? "no special" : "—");
        }
        const card = index(context.board).card.get(key);
        const facts = card ? ` ${card.value}` + (card.sabres ? ` · ${"⚔".repeat(card.sabres)}` : "") : "";
        return element("span", { class: `samourai-card samourai-card-${card ? card.category : "unknown"}`,
          "data-slot": String(i), "data-card": key, title: slot }, cardName(key, context) + facts);
      }
      const hidden = i < side.committed;
      return element("span", { class: `samourai-card ${hidden ? "samourai-card-hidden" : "samourai-card-empty"}`,
        "data-slot": String(i), "data-card": hidden ? "hidden" : "", title: slot }, hidden ? "face down" : "—");
    });
  }

  function battlePanel(battle, view, context) {
    const title = element("h3", {}, `Battle in ${territoryName(battle.territory, context)}: `
      + `${context.seatName(battle.attacker.seat)} attacks ${context.seatName(battle.defender.seat)}`
      + ` with ${battle.attacking_samurai} samurai` + (battle.from ? ` from ${territoryName(battle.from, context)}` : ""));
    const pending = view.pending || {};
    let stage;
    if (battle.revealed) stage = "The cards are revealed together.";
    else if (pending.step === "retreat") stage = `${context.seatName(pending.seat)} chooses where his survivors would retreat.`;
    else if (pending.step === "commit" && pending.seat === battle.attacker.seat) stage = "The attacker commits his cards first, face down.";
    else if (pending.step === "commit") stage = "The defender commits his cards, seeing only how many the attacker put down.";
    else stage = `Waiting: ${humanize(pending.step || "")}.`;
    // the attacker commits first: he is done once the defender is asked, the defender at the reveal
    const defenderAsked = pending.step === "commit" && pending.seat === battle.defender.seat;
    const row = (name, side) => element("div", { class: "samourai-side", "data-side": name },
      element("span", { class: "samourai-side-name" },
        `${name === "attacker" ? "Attacker" : "Defender"}, ${context.seatName(side.seat)}`
        + ` (${side.committed} card${side.committed === 1 ? "" : "s"} committed)`),
      ...cardChips(side, context, battle.revealed || (name === "attacker" && defenderAsked)));
    const parts = [title, element("p", { class: "samourai-battle-stage" }, stage),
      row("attacker", battle.attacker), row("defender", battle.defender)];
    if (battle.forced_defence) parts.push(element("p", { class: "muted" }, "The defender had fewer than 2 cards: he fights with the values of those he drew."));
    if (battle.end) {
      const winner = { attacker: "the attacker wins", defender: "the defender wins", tie: "a tie" }[battle.end.winner];
      parts.push(element("p", { class: "samourai-battle-result" },
        `Attack ${battle.end.attack} against defence ${battle.end.defence}: ${winner}`
        + (battle.losses ? `; losses: attacker ${battle.losses.attacker_lost}, defender ${battle.losses.defender_lost}` : "")
        + (battle.retreat_to ? `; survivors retreat to ${territoryName(battle.retreat_to, context)}` : "") + "."));
    }
    return element("section", { class: "samourai-battle", "data-territory": battle.territory }, ...parts);
  }

  // --- the whole board ----------------------------------------------------------------------
  function render(board, view, context) {
    if (!context.board) {
      board.replaceChildren(element("p", { class: "errorlist" }, "This page has no map to draw the replay on."));
      return;
    }
    const held = provincesHeld(view, context);
    const battle = currentBattle(view, context);
    const pending = view.pending || {};
    const status = element("p", { class: "replay-status" },
      `Round ${view.round} · ` + (view.phase === "over" ? "the game is over" : `phase: ${humanize(view.phase)}`)
      + (pending.step && view.phase !== "over" ? ` (${humanize(pending.step).toLowerCase()})` : "")
      + ` · Emperor: ${context.seatName(view.emperor)} · Shogun: ${context.seatName(view.shogun)}`
      + (view.to_act.length ? ` · to act: ${view.to_act.map(context.seatName).join(", ")}` : "")
      + ` · target: more than ${view.target} honour` + (view.end_latched ? " (passed: this round is the last)" : ""));
    const top = view.discard_pile.length ? view.discard_pile[view.discard_pile.length - 1] : null;
    const options = Object.entries(view.options || {}).filter(([name, value]) => name !== "target" && value === true)
      .map(([name]) => humanize(name).toLowerCase());
    const piles = element("p", { class: "replay-piles muted" },
      `Draw pile: ${view.draw_pile} cards · discard pile: ${view.discard_pile.length} cards`
      + (top ? ` (top: ${cardName(top, context)})` : "")
      + (view.order ? ` · the Emperor's order: ${view.order.map(context.seatName).join(", ")}` : "")
      + (options.length ? ` · options: ${options.join(", ")}` : ""));
    const legend = element("p", { class: "samourai-legend muted" }, "● plain · ▲ mountain · number: samurai · "
      + "gold square: major city, white square: minor city · keep: castle, in its clan's colour · "
      + "solid lines: land, dashed: sea · a province held whole is tinted by its clan");
    const parts = [status, piles, element("div", { class: "samourai-map-frame" }, drawMap(view, context, held, battle)),
      legend];
    if (battle) parts.push(battlePanel(battle, view, context));
    parts.push(element("div", { class: "table-scroll" }, clanTable(view, context, held)));
    board.replaceChildren(...parts);
  }

  // --- words --------------------------------------------------------------------------------
  function describeAction(frame, context) {
    const name = frame.action;
    const board = context.board;
    const patterns = [
      [/^TERRITORY_(\w+)$/, (m) => `chooses ${board ? territoryName(m[1].toLowerCase(), context) : humanize(m[1])}`],
      [/^PLAYER_(\d+)$/, (m) => `chooses ${context.seatName(Number(m[1]))}`],
      [/^COUNT_(\d+)$/, (m) => `sends ${m[1]} samurai`],
      [/^PLAY_(\w+)$/, (m) => `plays ${cardName(m[1].toLowerCase(), context)}`],
      // what another seat committed is not seen from a seat's perspective, nor whether its special was none
      [/^COMMIT_(\w+)$/, (m) => (context.perspective === "all" || frame.seat === context.perspective
        ? `commits ${cardName(m[1].toLowerCase(), context)}` : "commits a card face down")],
      [/^NO_SPECIAL$/, () => (context.perspective === "all" || frame.seat === context.perspective
        ? "commits no special" : "commits a special, or none, face down")],
      // the phase-4 discards are hidden until every clan has chosen
      [/^DISCARD_(\w+)$/, (m) => (context.perspective === "all" || frame.seat === context.perspective
        ? `sets ${cardName(m[1].toLowerCase(), context)} aside to discard` : "sets a card aside to discard")],
      [/^OFFER_(\w+)$/, (m) => `offers ${cardName(m[1].toLowerCase(), context)}`],
    ];
    for (const [pattern, words] of patterns) {
      const match = name.match(pattern);
      if (match) return words(match);
    }
    return {
      END_TURN: "ends the turn", PASS: "passes", DONE: "is done", MOVE: "moves", BUY_SAMURAI: "buys a samurai",
      BUY_CASTLE: "buys a castle", SELL_HONOR: "sells 2 honour for 1 koku",
      DESTROY: "destroys the captured castle", REPLACE: "replaces the captured castle with his own",
      RELOCATE: "moves one of his castles here", SEPPUKU: "commits seppuku", SET_ASIDE: "sets a koku aside",
      ECHANGE: "shows a hand of warriors to exchange a card", SELL_OFFICE: "sells an office", ACCEPT: "accepts",
      REFUSE: "refuses", SUPPORT_ATTACKER: "supports the attacker", SUPPORT_DEFENDER: "supports the defender",
      SHOGUN_CANCEL: "cancels the card's power", OFFER_TRADE: "offers a trade", GIVE_KOKU: "gives koku",
      UP: "moves up a rank", DOWN: "moves down a rank", COUNTER: "counters the rank change",
      FORFEIT: "forfeits (the bot failed)",
    }[name] || humanize(name);
  }

  const PHASES = ["set-up", "buying and placing", "activating the clans", "taxes and cards", "the end"];
  const END_REASONS = { target: "a clan passed the target", round_cap: "the round cap was reached", forfeit: "forfeits" };
  const CASTLE_FATES = { replace: "replaces with his own", relocate: "replaces with one moved from elsewhere" };

  function describeEvent(event, context) {
    const who = context.seatName(event.seat);
    const place = territoryName(event.territory, context);
    const cards = (list) => (list === null ? "hidden cards" : list.map((c) => cardName(c, context)).join(", "));
    switch (event.event) {
      case "setup_city": return `${who} draws the city of ${place} and places a samurai there.`;
      case "place": return `${who} places a samurai in ${place}.`;
      case "emperor": return `${who} is the Emperor.`;
      case "shogun": return `${who} is the Shogun.`;
      case "named": return `${who} is named to play (${PHASES[event.amount] || "a phase"}).`;
      case "buy": return `${who} buys a ${event.amount === 1 ? "castle" : "samurai"} in ${place}.`;
      case "sell_honor": return `${who} sells 2 honour for 1 koku.`;
      case "move": return `${who} moves ${event.amount} samurai from ${place} to ${territoryName(event.to, context)}.`;
      case "cancel": return event.to !== undefined && event.to !== null && event.amount !== undefined
        ? `${who}'s move from ${place} to ${territoryName(event.to, context)} is cancelled` + (event.amount ? " (the koku is refunded)." : ".")
        : `${who}'s card is cancelled.`;
      case "enter": return `${who} enters ${place} with ${event.amount} samurai.`;
      case "battle": return `${who} attacks ${context.seatName(event.other)} in ${place} with ${event.amount} samurai.`;
      case "commit": {
        if (event.card) return `${who} commits ${cardName(event.card, context)}.`;
        // a special's slot left empty is public; a special committed is seen by its owner only
        const sees = context.perspective === "all" || context.perspective === event.seat;
        if (event.amount === 2) return sees ? `${who} commits no special.` : `${who} commits a special, or none, face down.`;
        return `${who} commits a card face down.`;
      }
      case "reveal": return `${who} reveals ${cardName(event.card, context)}` + (event.amount === 2 ? " (special)." : ".");
      case "battle_end": return `Attack ${event.attack} against defence ${event.defence}: `
        + ({ attacker: "the attacker wins", defender: "the defender wins", tie: "a tie" }[event.winner] || event.winner) + ".";
      case "losses": return `Losses: the attacker ${event.attacker_lost} samurai, the defender ${event.defender_lost}.`;
      case "retreat": return event.territory ? `${who}'s ${event.amount} survivors retreat to ${place}.`
        : `${who}'s ${event.amount} survivors go back to his reserve.`;
      case "castle": return event.fate === "destroy"
        ? `The castle of ${context.seatName(event.other)} in ${place} is destroyed.`
        : `${who} ${CASTLE_FATES[event.fate] || "takes"} the castle of ${context.seatName(event.other)} in ${place}.`;
      case "honor": return event.amount >= 0 ? `${who} gains ${event.amount} honour.` : `${who} loses ${-event.amount} honour.`;
      case "koku": return event.amount >= 0 ? `${who} gains ${event.amount} koku.` : `${who} pays ${-event.amount} koku.`;
      case "draw": return `${who} draws ${event.amount} card${event.amount === 1 ? "" : "s"}`
        + (event.cards ? `: ${cards(event.cards)}.` : ".");
      case "discard": return `${who} discards ${cards(event.cards)}.`;
      case "reshuffle": return `The discards are shuffled into a new draw pile of ${event.amount} cards.`;
      case "play": return `${who} plays ${cardName(event.card, context)}`
        + (event.target !== undefined ? ` against ${context.seatName(event.target)}.` : ".");
      case "target": return `${who} aims at ` + [event.target_seat !== null ? context.seatName(event.target_seat) : "",
        event.target_territory ? territoryName(event.target_territory, context) : ""].filter(Boolean).join(" in ") + ".";
      case "steal": return `${who} takes ${cardName(event.card, context)} from ${context.seatName(event.target)}.`;
      case "uprising": return `An uprising in ${place} (${context.seatName(event.other)}): ${event.amount} samurai.`;
      case "free": return `${place} is free again.`;
      case "eliminated": return `${who} is eliminated.`;
      case "return": return `${who} returns in ${place} with ${event.amount} samurai.`;
      case "province_score": return `${who} scores ${event.amount} honour for provinces and Kyoto.`;
      case "taxes": return `${who} collects ${event.amount} koku of taxes.`;
      case "round": return `Round ${event.amount} begins.`;
      case "pass": return `${who} passes.`;
      case "end": return `The game ends: ${END_REASONS[event.reason] || humanize(event.reason || "")}.`;
      case "seppuku": return `${who} commits seppuku.`;
      case "forfeit": return `${who} forfeits.`;
      case "order": return `The Emperor announces the order of the round (${event.amount} clans).`;
      case "rank_change": return `${who} changes rank with ${context.seatName(event.to)}.`;
      case "office": return event.amount ? `The Emperor sells an office to ${context.seatName(event.to)} for ${event.amount} koku.`
        : `${context.seatName(event.to)} refuses the Emperor's office.`;
      case "support": return event.amount ? `The Emperor lends ${event.amount} samurai to the ${event.side}.`
        : `The Emperor's support of the ${event.side} is refused.`;
      case "shogun_cancel": return `The Shogun cancels the power of ${cardName(event.card, context)}.`;
      case "offer": return `${who} offers ${cardName(event.card, context)} in trade.`;
      case "trade": return event.card ? `${who} trades ${cardName(event.card, context)}.` : `${who} refuses the trade.`;
      case "gift": return `${who} gives ${event.amount} koku to ${context.seatName(event.to)}.`;
      case "set_aside": return `${who} sets ${event.amount} koku aside in the clan's treasury.`;
      case "show": return `${who} shows ${cardName(event.card, context)}.`;
      case "treasury": return `${who}'s treasury holds ${event.amount} koku.`;
      default: return null;
    }
  }

  window.ReplayRenderers.register("samourai", { render, describeAction, describeEvent });
})();
