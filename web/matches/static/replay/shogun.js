/* Shōgun no Katana's replay renderer: the main board (houses and their swords, market, academy,
   palace halls, Komainu, honour cards, favours) and, per seat, its forge drawn as its 4 × 5 grid
   of swords, with its resources, coins, workers, project, katana, cards and score; each step's
   events in words; with the ghost in play (option ghost), its panel: level, score, Washitsu and
   blocked slots, workers out, family members in the halls, katana, cards and its action deck.
   Views are engine_ext/shogun/views.py's; nothing in them is private, so every perspective shows
   the same table (the full view adds the face-down piles' orders). */
(() => {
  "use strict";

  const { humanize, element } = window.ReplayTable;
  const ROWS = ["laque", "bois", "acier", "galuchat"];
  const LETTERS = "lbag";
  // Colours and sizes are replay.css's (shogun-row-*, shogun-cell): the site's content policy
  // allows no inline style.

  // A board space's holder: a seat number, "ghost" (the automaton) or null.
  function holderName(holder, context) {
    return holder === "ghost" ? "the ghost" : context.seatName(holder);
  }

  function counts(record) {
    const parts = Object.entries(record || {}).filter(([, n]) => n).map(([key, n]) => `${humanize(key)} ${n}`);
    return parts.join(", ") || "—";
  }

  function swordLabel(sword, seat) {
    if (sword.tile === "katana") {
      const recipe = seat.katana.composition.map((r) => r[0].toUpperCase()).join("");
      return `katana ${recipe.slice(0, sword.placed)}·${recipe.slice(sword.placed)}`;
    }
    const done = sword.tile.slice(0, sword.placed).toUpperCase();
    return `${done}·${sword.tile.slice(sword.placed).toUpperCase()}`;
  }

  function forgeGrid(seat) {
    const byCell = new Map(seat.forge.map((sword) => [sword.cell, sword]));
    const head = element("tr", {}, element("th", {}, ""),
      ...[1, 2, 3, 4, 5].map((c) => element("th", { class: "num" }, `col ${c}`)));
    const rows = ROWS.map((row, r) => element("tr", {},
      element("th", { class: `shogun-row-${row}` }, humanize(row)),
      ...[1, 2, 3, 4, 5].map((c) => {
        const sword = byCell.get(`R${r + 1}C${c}`);
        if (!sword) return element("td", { class: `shogun-cell shogun-row-${row}` }, "");
        const cell = element("td", { class: "shogun-cell shogun-sword" + (sword.complete ? " shogun-complete" : "") },
          swordLabel(sword, seat));
        if (sword.decorated.length) cell.append(element("div", { class: "muted" }, `✦ ${sword.decorated.join(", ")}`));
        if (sword.sashimono) cell.append(element("div", { class: "muted" }, sword.sashimono));
        return cell;
      })));
    return element("table", { class: "replay-table shogun-forge" },
      element("thead", {}, head), element("tbody", {}, ...rows));
  }

  function seatPanel(seat, index, view, context) {
    const title = element("h3", {}, context.seatName(index)
      + (view.seat === index ? " — this perspective" : "")
      + (view.to_act.includes(index) ? " — to act" : "")
      + (index === view.first_player ? " — first player" : ""));
    const facts = element("table", { class: "replay-table" }, element("tbody", {},
      ...[
        ["Score", String(seat.score)],
        ["Coins", String(seat.coins)],
        ["Workers", `${seat.workers_available} available, ${seat.workers_unlocked} unlocked; monks used ${seat.monks_used}`
          + (seat.passed ? " — passed" : "")],
        ["Stock", counts(seat.stock)],
        ["Artisans (column)", ROWS.map((r) => `${humanize(r)} ${seat.artisans[r] + 1}`).join(", ")],
        ["Project", counts(seat.project)],
        ["Katana", `${seat.katana.state}${seat.katana.composition.length ? ": " + seat.katana.composition.join(", ") : ""}`
          + (seat.katana.column ? ` (delivered in column ${seat.katana.column}, value ${seat.katana.value})` : "")
          + (seat.shame ? ` — ${seat.shame}` : "")],
        ["Sashimono", counts(seat.sashimono)],
        ["Cards", counts(seat.cards)],
        ["Under the forge", Object.entries(seat.under).map(([line, cards]) => `${humanize(line)}: ${cards.join(", ")}`).join("; ") || "—"],
        ["Delivered", seat.delivered.map((d) => d.tile + (d.decorated.length ? ` ✦${d.decorated.length}` : "")).join(", ") || "—"],
        ["Family at home", String(seat.family_home)],
        ["Honour cards", seat.honours.join(", ") || "—"],
      ].map(([name, value]) => element("tr", {}, element("th", {}, name), element("td", {}, value)))));
    return element("section", { class: "shogun-seat", "data-seat": String(index) },
      title, element("div", { class: "table-scroll" }, forgeGrid(seat)), facts);
  }

  function mainBoard(view, context) {
    const houses = element("table", { class: "replay-table shogun-houses" },
      element("thead", {}, element("tr", {}, ...["House", "Swords on offer", "Daimyō deck"].map((t) => element("th", {}, t)))),
      element("tbody", {}, ...view.daimyo_decks.map((deck) => {
        const spaces = view.sword_spaces.filter((s) => s.house === deck.house && s.open)
          .map((s) => s.tile ? s.tile.toUpperCase() : (s.worker !== null ? `taken by ${holderName(s.worker, context)}` : "empty"));
        return element("tr", {}, element("td", {}, humanize(deck.house)), element("td", {}, spaces.join(" · ") || "—"),
          element("td", {}, deck.top ? `${deck.top} (${deck.size} cards)` : "empty"));
      })));
    const ghostHalls = view.ghost ? view.ghost.halls : [];
    const halls = view.halls.map((h, i) => {
      const members = h.members.map((s) => `seat ${s}`).concat(ghostHalls.includes(i + 1) ? ["ghost"] : []);
      return `${i + 1}. ${humanize(h.hall)}` + (members.length ? ` [${members.join(", ")}]` : "");
    }).join(" · ");
    const favours = Object.entries(view.favours).filter(([, holder]) => holder !== "not_in_play")
      .map(([name, holder]) => `${name}: ${typeof holder === "number" ? context.seatName(holder) : humanize(holder).toLowerCase()}`);
    const lines = [
      ["Market", `${view.market_display.map((c) => c || "empty").join(" · ")} (deck ${view.market_deck}); `
        + `spaces used ${view.market_spaces_used}`],
      ["Academy", `spaces used ${view.academy_spaces_used}`],
      ["Palace halls", halls + ` (spaces used ${view.palace_spaces_used})`],
      ["Komainu", view.komainu === null ? "free" : holderName(view.komainu, context)],
      ["Honour cards on offer", view.honour_display.join(", ") || "—"],
      ["Favours of the Shōgun", favours.join("; ") || "—"],
      ["Sword stack", `${view.sword_stack} tiles`],
    ];
    const table = element("table", { class: "replay-table" }, element("tbody", {},
      ...lines.map(([name, value]) => element("tr", {}, element("th", {}, name), element("td", {}, value)))));
    return element("section", { class: "shogun-board" }, element("h3", {}, "The main board"),
      element("div", { class: "table-scroll" }, houses), table);
  }

  function ghostPanel(ghost, view) {
    const slots = [];
    for (let slot = 0; slot < 8; slot += 1) {
      const sword = ghost.washitsu[slot];
      slots.push(element("td", { class: "shogun-cell" + (sword ? " shogun-sword" : "") },
        sword ? sword.toUpperCase() : (ghost.blocked_slots.includes(slot) ? "blocked worker" : "")));
    }
    const washitsu = element("table", { class: "replay-table shogun-washitsu" },
      element("thead", {}, element("tr", {}, ...slots.map((_, slot) => element("th", { class: "num" }, `slot ${slot + 1}`)))),
      element("tbody", {}, element("tr", {}, ...slots)));
    const spaces = view.sword_spaces.filter((s) => s.worker === "ghost").length + (view.komainu === "ghost" ? 1 : 0);
    const facts = element("table", { class: "replay-table" }, element("tbody", {},
      ...[
        ["Score", String(ghost.score) + (ghost.total !== null && ghost.total !== undefined ? ` (total ${ghost.total})` : "")],
        ["Workers", `${ghost.workers_available} available, ${ghost.workers_out} on the board`
          + ` (${spaces} on sword spaces or the Komainu)` + (ghost.passed ? " — passed" : "")
          + (ghost.plays_first ? " — plays first" : "")],
        ["Family in the palace", ghost.halls.length ? ghost.halls.map((h) => `hall ${h}`).join(", ") : "—"],
        ["Katana", ghost.katana.map((r) => humanize(r.resource) + (r.decorated ? " ✦" : "")).join(", ") || "—"],
        ["Sashimono", counts(ghost.sashimono)],
        ["Market cards", ghost.market_cards.join(", ") || "—"],
        ["Honour cards", ghost.honours.join(", ") || "—"],
        ["Action card drawn", ghost.last_card ? humanize(ghost.last_card) : "—"],
        ["Action deck", `${ghost.deck} cards; discard ${ghost.discard.length}; set aside ${ghost.set_aside}`],
      ].map(([name, value]) => element("tr", {}, element("th", {}, name), element("td", {}, value)))));
    return element("section", { class: "shogun-ghost", "data-ghost-level": String(ghost.level) },
      element("h3", {}, `The ghost — level ${ghost.level}`),
      element("div", { class: "table-scroll" }, washitsu), facts);
  }

  // The story chapter (views.py's "chapter": present only in a story-mode game): its number, title,
  // difficulty, special rules and conditions, each marked met or not (so far, or final at the end).
  function chapterPanel(view) {
    const chapter = view.chapter;
    if (!chapter) return null;
    const rules = element("ul", { class: "shogun-chapter-rules" },
      ...chapter.rules.map((rule) => element("li", {}, rule)));
    const conditions = chapter.conditions.length
      ? element("ul", { class: "shogun-chapter-conditions" }, ...chapter.conditions.map((c) =>
        element("li", { class: c.met ? "shogun-chapter-met" : "shogun-chapter-unmet", "data-condition": c.key },
          `${c.met ? "✓ met" : "✗ not met"}${chapter.final ? "" : " so far"}: ${c.text}`)))
      : element("p", {}, "No conditions: beat the ghost.");
    const verdict = element("p", { class: "shogun-chapter-verdict" },
      `${chapter.beat_ghost ? "Ahead of" : "Not ahead of"} the ghost`
      + (chapter.final ? ` · chapter ${chapter.won ? "won" : "lost"}` : ""));
    const prices = chapter.market_prices ? [element("p", { class: "shogun-chapter-prices" }, "Market prices: "
      + Object.entries(chapter.market_prices).map(([r, price]) => `${humanize(r)} ${price}`).join(" · "))] : [];
    return element("section", { class: "shogun-chapter", "data-chapter": String(chapter.number) },
      element("h3", {}, `Chapter ${chapter.number}: ${chapter.title} (${chapter.difficulty})`),
      element("h4", {}, "Special rules"), rules, ...prices, element("h4", {}, "Conditions"), conditions, verdict);
  }

  function render(board, view, context) {
    const status = element("p", { class: "replay-status" },
      `Round ${view.round} of 4 · temple ${view.temple_cost} coins · `
      + (view.over ? "the game is over" : `phase: ${humanize(view.phase)}`)
      + (view.to_act.length ? ` · to act: ${view.to_act.map(context.seatName).join(", ")}` : ""));
    board.replaceChildren(status, mainBoard(view, context),
      ...view.seats.map((seat, index) => seatPanel(seat, index, view, context)),
      ...(view.ghost ? [ghostPanel(view.ghost, view)] : []));
    const chapter = chapterPanel(view);
    if (chapter) status.after(chapter);
  }

  function describeAction(frame) {
    const name = frame.action;
    const patterns = [
      [/^(WORKER|MONK)_SPACE_(\d+)$/, (m) => `sends a ${m[1].toLowerCase()} to sword space ${m[2]}`],
      [/^(WORKER|MONK)_(ROW|COL)_(\d)$/, (m) => `sends a ${m[1].toLowerCase()} to the forge's ${m[2] === "ROW" ? "row" : "column"} ${m[3]}`],
      [/^(WORKER|MONK)_(\w+)$/, (m) => `sends a ${m[1].toLowerCase()} to the ${humanize(m[2]).toLowerCase()}`],
      [/^MOVE_(R\dC\d)$/, (m) => `moves the sword on ${m[1]}`],
      [/^SWAP_(R\dC\d)$/, (m) => `swaps the sword on ${m[1]} with the one below`],
      [/^DELIVER_(R\dC\d)$/, (m) => `delivers the sword on ${m[1]}`],
      [/^DECORATE_(R\dC\d)_(\w+)$/, (m) => `decorates the ${humanize(m[2]).toLowerCase()} of the sword on ${m[1]}`],
      [/^(PURCHASE|ADVANCE|PROJECT|RECOVER|DROP|COMPOSE)_(\w+)$/, (m) => `${m[1].toLowerCase()}: ${humanize(m[2]).toLowerCase()}`],
      [/^(PLAY|BUY|DISCARD)_(\w+)$/, (m) => `${{ PLAY: "plays", BUY: "buys the permanent of", DISCARD: "discards" }[m[1]]} ${m[2].toLowerCase()}`],
      [/^LINE_(ROW|COL)_(\d)$/, (m) => `slides it under ${m[1] === "ROW" ? "row" : "column"} ${m[2]}`],
      [/^HALL_(\d)$/, (m) => `chooses hall ${m[1]}`],
      [/^HONOUR_(\d)$/, (m) => `takes honour card ${m[1]}`],
      [/^MARKET_CARD_(\d)$/, (m) => `takes market card ${m[1]}`],
      [/^DRAFT_(\d)$/, (m) => `takes starting sword ${m[1]}`],
    ];
    for (const [pattern, words] of patterns) {
      const match = name.match(pattern);
      if (match) return words(match);
    }
    return { PASS: "passes", DONE: "is done", KATANA: "puts the Shōgun no Katana in play",
      COLLECT_ROW: "collects the row's advantages", COLLECT_COLUMN: "collects the column's advantages",
      FORFEIT: "forfeits (the bot failed)" }[name] || humanize(name);
  }

  function describeEvent(event, context) {
    const who = event.seat === null || event.seat === undefined ? "" : context.seatName(event.seat);
    switch (event.event) {
      case "round": return `Round ${event.round} begins; ${who} plays first.`;
      case "draft": return `${who} starts with the sword ${event.tile} and ${event.coins} coins.`;
      case "place": return `${who} places a ${event.monk ? "monk" : "worker"} on ${humanize(event.place).toLowerCase()}.`;
      case "pass": return `${who} passes.`;
      case "take_sword": return `${who} takes the sword ${event.tile} from the ${event.house} house`
        + (event.card ? ` and the card ${event.card}.` : ".");
      case "purchase": return `${who} buys 1 ${event.resource} for ${event.price}.`;
      case "market_card": return `${who} takes the market card ${event.card}.`;
      case "move": return `${who} places a ${event.resource}: a sword moves from ${event.from} to ${event.to}.`;
      case "swap": return `${who} swaps the swords on ${event.upper} and ${event.lower}.`;
      case "advance": return `${who}'s ${event.resource} artisan advances to column ${event.column + 1}.`;
      case "decorate": return `${who} decorates the ${event.resource} on ${event.cell} for ${event.coins} coins.`;
      case "family": return `${who} sends a family member to hall ${event.hall}.`;
      case "reorganize": return `${who} moves a family member from hall ${event.from_hall} to hall ${event.to_hall}.`;
      case "hall": return `${who} uses hall ${event.hall} (${humanize(event.key).toLowerCase()}).`;
      case "deliver": return `${who} delivers ${event.tile === "katana" ? "the Shōgun no Katana" : "the sword " + event.tile}`
        + ` for ${event.points} points.`;
      case "collect": return `${who} collects ${humanize(event.line).toLowerCase()}: ${event.coins} coins, ${event.points} points and its goods.`;
      case "project": return event.penalty ? `${who} ${event.change > 0 ? "adds" : "removes"} a ${event.resource} `
        + "to the project (1 point, Honte)." : `${who} adds a ${event.resource} to the project.`;
      case "katana": return `${who} puts the Shōgun no Katana in play (${event.resources} resources, entering on the ${event.first} row).`;
      case "play": return `${who} plays ${event.card}.`;
      case "buy": return `${who} pays ${event.price} for the permanent of ${event.card}, under ${humanize(event.line).toLowerCase()}.`;
      case "discard": return `${who} discards ${event.card}.`;
      case "sashimono": return `${who} takes a sashimono of the ${event.house} house.`;
      case "favour": return `${who} wins ${event.points} points with favour ${event.favour}`
        + (event.shared_by > 1 ? ` (shared by ${event.shared_by}).` : ".");
      case "refill": return `A new sword, ${event.tile}, on ${humanize(event.space).toLowerCase()}.`;
      case "honour_reveal": return `The honour card ${event.honour} is revealed.`;
      case "score": return `${who} ends with ${event.score} points.`;
      case "end": return "The game ends.";
      case "temple_tax": return `${who} pays the Temple ${event.coins} of the ${event.due} coins due`
        + (event.points ? ` and loses ${event.points} points for the rest.` : ".");
      default: return null;
    }
  }

  window.ReplayRenderers.register("shogun", { render, describeAction, describeEvent });
})();
