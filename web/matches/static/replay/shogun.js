//# allFunctionsCalledOnLoad
/* Shōgun no Katana's renderer: the table as a picture.  The main board: the round track, the
   temple's cost, the four Daimyō houses with their decks and the swords on offer (each sword a tile
   of its resources, one colour per resource with a legend), the market, the academy with every
   seat's artisans, the palace halls with the family members in them, the Komainu, the honour cards
   and the Shōgun's favours.  Then each seat's own board: its forge (4 rows × 5 columns) with the
   swords and the Shōgun no Katana on it and the resources placed, its coins, workers, monks,
   stock, project, sashimono, cards (face up to everyone, as the rulebook has them), permanents and swords
   delivered; with the ghost in play, its Washitsu and its deck by its size only.

   Every name shown comes from context.components (engine_ext/shogun/views.py's components(),
   built from data.py's words); views are views.py's.  At a person's seat (tables/table.js) the
   context carries the seat's legal actions: the parts of the picture an action concerns carry
   data-action-name (a sword space, a sword, a forge cell, a card, a hall...), and a part several
   actions concern gets one small chip per action; any legal action the picture has no place for
   is a chip in the strip at the top.  labelAction names an action in words for the buttons. */
(() => {
  "use strict";

  const { svg, wrap, lines, heading, picture, element, humanize } = window.ReplayTable;

  const W = 1000;
  const CELL_W = 86;
  const CELL_H = 62;
  const FORGE_HEAD = 92;      // the row headers' width
  const FORGE_TOP = 48;       // from a seat's board top to its forge's column headers
  const RES = ["laque", "bois", "acier", "galuchat"];
  const RES_KEY = { LAQUE: "laque", BOIS: "bois", ACIER: "acier", GALUCHAT: "galuchat" };
  const HOUSE_KEY = { TAKEDA: "takeda", UESUGI: "uesugi", ODA: "oda", MORI: "mori" };
  const lastGhost = new WeakMap();   // per board drawn into: the ghost as last drawn there

  // --- words ----------------------------------------------------------------------------------
  const comp = (context) => context.components || {};
  const resWord = (context, r) => (comp(context).resources || {})[r] || humanize(r).toLowerCase();
  const houseWord = (context, h) => (comp(context).houses || {})[h] || humanize(h);
  const cardOf = (context, key) => (comp(context).cards || {})[key] || { name: "a card", effect: "", permanent: "" };
  const cardName = (context, key) => (key ? cardOf(context, key).name : "a hidden card");
  const hallOf = (context, key) => (comp(context).halls || {})[key] || { text: "a hall", passive: false };
  const honourOf = (context, key) => (comp(context).honours || {})[key] || { name: "an honour card", text: "" };
  const tileOf = (context, key) => (comp(context).tiles || {})[key] || null;
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  function tileWords(context, key, seat) {
    if (!key) return "no sword";
    if (key === "katana") return "the Shōgun no Katana";
    const tile = tileOf(context, key);
    if (!tile) return "a sword";
    return `the sword of ${tile.composition.map((r) => resWord(context, r)).join(", ")} (${plural(tile.points, "point")}, `
      + `${plural(tile.coins, "coin")})`;
  }

  function cellWords(cell) {
    const match = /^R(\d)C(\d)$/.exec(cell || "");
    return match ? `row ${match[1]}, column ${match[2]}` : "the forge";
  }

  function lineWords(context, line) {
    const match = /^(ROW|COL)_(\d)$/.exec(line || "");
    if (!match) return "a line";
    return match[1] === "ROW" ? `row ${match[2]} (${resWord(context, RES[Number(match[2]) - 1])})` : `column ${match[2]}`;
  }

  function placeWords(context, place, view) {
    const space = /^SPACE_(\d+)$/.exec(place);
    if (space) {
      const entry = view && view.sword_spaces ? view.sword_spaces[Number(space[1]) - 1] : null;
      return entry ? `the ${houseWord(context, entry.house)} house` : "a Daimyō house";
    }
    const line = /^(ROW|COL)_(\d)$/.exec(place);
    if (line) return `${lineWords(context, place)} of the forge`;
    return { MARKET: "the Market", ACADEMY: "the Academy", PALACE: "the Palace", KOMAINU: "the Komainu" }[place] || "the board";
  }

  function hallAt(context, view, slot) {
    const hall = view && view.halls ? view.halls[slot - 1] : null;
    return hall ? `the hall «${hallOf(context, hall.hall).text}»` : `hall ${slot}`;
  }

  /* A legal action (or a replay's decision) in words. */
  function actionWords(name, view, context) {
    const m = (pattern) => pattern.exec(name);
    let x;
    if ((x = m(/^(WORKER|MONK)_(\w+)$/))) {
      const who = x[1] === "WORKER" ? "a worker" : `a monk (${plural(view ? view.temple_cost : 0, "coin")} to the temple)`;
      const space = /^SPACE_(\d+)$/.exec(x[2]);
      const entry = space && view ? view.sword_spaces[Number(space[1]) - 1] : null;
      const extra = entry && entry.tile ? `: ${tileWords(context, entry.tile)}` : "";
      return `Place ${who} at ${placeWords(context, x[2], view)}${extra}`;
    }
    if ((x = m(/^DELIVER_(R\dC\d)$/))) return `Deliver the sword at ${cellWords(x[1])}`;
    if ((x = m(/^MOVE_(R\dC\d)$/))) return `Move the sword at ${cellWords(x[1])}`;
    if ((x = m(/^SWAP_R(\d)C(\d)$/))) return `Swap the swords at row ${x[1]} and row ${Number(x[1]) + 1}, column ${x[2]}`;
    if ((x = m(/^DECORATE_(R\dC\d)_(\w+)$/))) return `Decorate the ${resWord(context, RES_KEY[x[2]])} of the sword at ${cellWords(x[1])}`;
    if ((x = m(/^PURCHASE_(\w+)$/))) {
      const r = RES_KEY[x[1]];
      return `Buy 1 ${resWord(context, r)} (${plural((comp(context).prices || {})[r] || 0, "coin")})`;
    }
    if ((x = m(/^ADVANCE_(\w+)$/))) return `Advance your ${resWord(context, RES_KEY[x[1]])} artisan`;
    if ((x = m(/^PROJECT_(\w+)$/))) return `Add ${resWord(context, RES_KEY[x[1]])} to your Shōgun no Katana's project`;
    if ((x = m(/^RECOVER_(\w+)$/))) return `Recover a ${resWord(context, RES_KEY[x[1]])} for the project (1 point, Shame)`;
    if ((x = m(/^DROP_(\w+)$/))) return `Remove a ${resWord(context, RES_KEY[x[1]])} from the project (1 point, Shame)`;
    if ((x = m(/^COMPOSE_(\w+)$/))) return `Lay ${resWord(context, RES_KEY[x[1]])} next on your Shōgun no Katana`;
    // a card's action names its key in capitals (PLAY_B_BOIS)
    if ((x = m(/^PLAY_(\w+)$/))) return `Play ${cardName(context, x[1].toLowerCase())}: ${cardOf(context, x[1].toLowerCase()).effect}`;
    if ((x = m(/^BUY_(\w+)$/))) {
      return `Keep ${cardName(context, x[1].toLowerCase())} under your forge: ${cardOf(context, x[1].toLowerCase()).permanent}`;
    }
    if ((x = m(/^DISCARD_(\w+)$/))) return `Discard ${cardName(context, x[1].toLowerCase())}`;
    if ((x = m(/^LINE_(\w+_\d)$/))) return `Slide the card under ${lineWords(context, x[1])}`;
    if ((x = m(/^SASHIMONO_(\w+)$/))) return `Take a sashimono of the ${houseWord(context, HOUSE_KEY[x[1]])} house`;
    if ((x = m(/^HALL_(\d)$/))) {
      const placing = view && ["palace_place", "family"].includes(view.phase);
      return `${placing ? "Send a family member to" : "Use"} ${hallAt(context, view, Number(x[1]))}`;
    }
    if ((x = m(/^REORGANIZE_(\d)_(\d)$/))) {
      return `Move a family member from ${hallAt(context, view, Number(x[1]))} to ${hallAt(context, view, Number(x[2]))}`;
    }
    if ((x = m(/^MARKET_CARD_(\d)$/))) {
      const key = view && view.market_display ? view.market_display[Number(x[1]) - 1] : null;
      return key ? `Take the card ${cardName(context, key)}: ${cardOf(context, key).effect}` : `Take market card ${x[1]}`;
    }
    if ((x = m(/^HONOUR_(\d)$/))) {
      const key = view && view.honour_display ? view.honour_display[Number(x[1]) - 1] : null;
      return key ? `Take the honour card «${honourOf(context, key).name}»: ${honourOf(context, key).text}` : "Take an honour card";
    }
    if ((x = m(/^KOMAINU_EFFECT_(\w+)$/))) return `Use also ${(comp(context).komainu_effects || {})[x[1]] || "another area's effect"}`;
    if ((x = m(/^DRAFT_(\d)$/))) {
      const key = view && view.draft ? view.draft[Number(x[1]) - 1] : null;
      return `Start with ${key ? tileWords(context, key) : "a sword"}`;
    }
    return {
      PASS: "Pass: take an honour card, your round is over", DONE: "Done",
      KATANA: "Put your Shōgun no Katana into play", COLLECT_ROW: "Collect the row's advantages",
      COLLECT_COLUMN: "Collect the column's advantages", FORFEIT: "Forfeit (the bot failed)",
    }[name] || "Choose";
  }

  // --- the picture's interactive parts --------------------------------------------------------
  /* The parts of the picture a seat's legal actions concern: ``names`` [[action, chip word]] in
     order of preference; the first legal one makes ``node`` itself the target (a click on the space
     places a worker, on a sword moves it), each other legal one gets a chip from (x, y), stacked
     down, or across with ``across``. */
  function hot(node, names, context, x, y, { across = false, chipsOnly = false } = {}) {
    const legal = context.legalNames;
    if (!legal) return node;
    const found = names.filter(([name]) => legal.has(name) && !context.placed.has(name));
    for (const [name] of found) context.placed.add(name);
    if (!found.length) return node;
    if (!chipsOnly) node.setAttribute("data-action-name", found[0][0]);
    let at = across ? x : y;
    for (const [name, word] of chipsOnly ? found : found.slice(1)) {
      const made = chip(across ? at : x, across ? y : at, word, name);
      node.append(made.node);
      at += across ? made.width + 3 : 16;
    }
    return node;
  }

  function chip(x, y, word, name) {
    const width = 10 + word.length * 5.8;
    return { width, node: svg("g", { class: "shogun-chip", "data-action-name": name },
      svg("rect", { x, y, width, height: 14, rx: 7 }),
      svg("text", { x: x + width / 2, y: y + 10.5, "text-anchor": "middle" }, word)) };
  }

  // --- drawing helpers ------------------------------------------------------------------------
  const text = (x, y, words, className = "shogun-text", anchor = "start") =>
    svg("text", { x, y, class: className, "text-anchor": anchor }, words);

  function resourceSquare(x, y, size, resource, { placed = true, decorated = false, title = "" } = {}) {
    const group = svg("g", { class: `shogun-res shogun-res-${resource}${placed ? "" : " shogun-res-todo"}` });
    if (title) group.append(svg("title", {}, title));
    group.append(svg("rect", { x, y, width: size, height: size, rx: 2 }));
    if (decorated) group.append(svg("circle", { cx: x + size / 2, cy: y + size / 2, r: size / 4, class: "shogun-deco" }));
    return group;
  }

  /* A sword tile at (x, y), w × h: its resources in order (the placed ones filled), points, coins,
     power; the katana's recipe is the seat's composition. */
  function swordTile(x, y, w, h, key, context, { placed = null, decorated = [], composition = null, sashimono = null,
    complete = false, classes = "", data = {} } = {}) {
    const katana = key === "katana";
    const tile = katana ? null : tileOf(context, key);
    const recipe = composition || (tile ? tile.composition : []);
    const attributes = { class: `shogun-tile ${katana ? "shogun-katana" : ""} ${complete ? "shogun-complete" : ""} ${classes}`.trim() };
    for (const [name, value] of Object.entries(data)) attributes[`data-${name}`] = value;
    const group = svg("g", attributes);
    const words = katana ? `Shōgun no Katana: ${recipe.map((r) => resWord(context, r)).join(", ") || "not composed"}`
      : tileWords(context, key) + (tile ? `, power ${tile.power}` : "");
    group.append(svg("title", {}, words + (placed !== null ? ` — ${placed} of ${recipe.length} placed` : "")
      + (decorated.length ? `; decorated: ${decorated.map((r) => resWord(context, r)).join(", ")}` : "")
      + (complete ? "; finished: it can be delivered" : "")));
    group.append(svg("rect", { x, y, width: w, height: h, rx: 4, class: "shogun-tile-edge" }));
    const size = Math.min(11, Math.floor((w - 8) / Math.max(recipe.length, 1)) - 1);
    const decoLeft = [...decorated];
    recipe.forEach((r, i) => {
      const done = placed === null || i < placed;
      const deco = done && decoLeft.includes(r);
      if (deco) decoLeft.splice(decoLeft.indexOf(r), 1);
      group.append(resourceSquare(x + 4 + i * (size + 1), y + 4, size, r, { placed: done, decorated: deco }));
    });
    if (katana) {
      group.append(text(x + w / 2, y + h - 8, "katana", "shogun-small shogun-strong", "middle"));
    } else if (tile) {
      if (h >= 40) {
        group.append(text(x + 4, y + 27, plural(tile.points, "point"), "shogun-small shogun-strong"));
        group.append(text(x + 4, y + 38, `pays ${plural(tile.coins, "coin")}`, "shogun-tiny"));
        group.append(text(x + 4, y + 48, `power ${tile.power}`, "shogun-tiny"));
      }
    }
    if (sashimono) group.append(svg("rect", { x: x + w - 10, y: y + h - 12, width: 7, height: 9, class: `shogun-flag shogun-flag-${sashimono}` },
      svg("title", {}, `sashimono: ${sashimono === "starting" ? "the starting one" : houseWord(context, sashimono)}`)));
    return group;
  }

  function figure(cx, cy, holder, context, r = 6) {
    const seatClass = holder === "ghost" ? "shogun-figure-ghost" : `shogun-figure-${holder}`;
    return svg("circle", { cx, cy, r, class: `shogun-figure ${seatClass}` },
      svg("title", {}, holder === "ghost" ? "the ghost" : context.seatName(holder)));
  }

  function cardShape(x, y, w, h, key, context, { faceDown = false, count = 1, extra = "", data = {} } = {}) {
    const attributes = { class: `shogun-card ${faceDown ? "shogun-card-back" : ""}` };
    for (const [name, value] of Object.entries(data)) attributes[`data-${name}`] = value;
    const group = svg("g", attributes);
    group.append(svg("rect", { x, y, width: w, height: h, rx: 4, class: "shogun-card-edge" }));
    if (faceDown || !key) {
      group.append(svg("title", {}, "a card held (face down)"));
      group.append(text(x + w / 2, y + h / 2 + 4, count > 1 ? `×${count}` : "", "shogun-small shogun-back-text", "middle"));
      return group;
    }
    const card = cardOf(context, key);
    group.append(svg("title", {}, `${card.name}: ${card.effect}. ${card.permanent}${extra}`));
    group.append(text(x + 4, y + 11, card.name + (count > 1 ? ` ×${count}` : ""), "shogun-small shogun-strong"));
    const chars = Math.floor((w - 6) / 5);
    group.append(lines(x + 4, y + 22, wrap(card.effect, chars).slice(0, Math.floor((h - 16) / 9)), { className: "shogun-tiny", step: 9 }));
    return group;
  }

  function panel(x, y, w, h, title, className = "") {
    const group = svg("g", { class: `shogun-panel ${className}`.trim() });
    group.append(svg("rect", { x, y, width: w, height: h, rx: 6, class: "shogun-panel-edge" }));
    if (title) group.append(text(x + 8, y + 16, title, "shogun-title"));
    return group;
  }

  /* A place a worker goes (an area's title band): worker and monk actions on it. */
  function workerSpace(x, y, w, place, label, context, used = null) {
    const group = svg("g", { class: "shogun-space", "data-place": place });
    group.append(svg("rect", { x, y, width: w, height: 22, rx: 5, class: "shogun-space-edge" }));
    group.append(text(x + 8, y + 15, label, "shogun-title"));
    if (used !== null) group.append(text(x + 14 + label.length * 7.6, y + 15, `· ${used} worker${used === 1 ? "" : "s"} here`, "shogun-small"));
    return hot(group, [[`WORKER_${place}`, "worker"], [`MONK_${place}`, "+ monk"]], context, x + w - 52, y + 4);
  }

  // --- the main board -------------------------------------------------------------------------
  function statusBand(view, context, y) {
    const g = svg("g", { class: "shogun-status" });
    const c = comp(context);
    const rounds = c.rounds || 4;
    g.append(text(10, y + 14, view.over ? "Game over" : `Round ${view.round} of ${rounds}`, "shogun-headline"));
    for (let r = 1; r <= rounds; r += 1) {
      const x = 170 + (r - 1) * 88;
      const current = r === view.round;
      g.append(svg("rect", { x, y, width: 84, height: 34, rx: 4, class: `shogun-round${current ? " shogun-round-now" : ""}` },
        svg("title", {}, `round ${r}: a sword delivered scores ${(c.round_points || [])[r - 1]} more points; a monk costs ${(c.temple_cost || [])[r - 1]} coins`)));
      g.append(text(x + 42, y + 13, `round ${r}`, "shogun-small shogun-strong", "middle"));
      g.append(text(x + 42, y + 27, `+${(c.round_points || [])[r - 1]} pts · temple ${(c.temple_cost || [])[r - 1]}`, "shogun-tiny", "middle"));
    }
    const legendX = 530;
    g.append(text(legendX, y + 12, "Resources (market price):", "shogun-small"));
    RES.forEach((r, i) => {
      const x = legendX + i * 115;
      g.append(resourceSquare(x, y + 18, 12, r));
      g.append(text(x + 16, y + 29, `${resWord(context, r)} (${(c.prices || {})[r]})`, "shogun-small"));
    });
    const acting = (view.to_act || []).map((s) => (s === view.seat ? "you" : context.seatName(s))).join(", ");
    const phase = (c.phases || {})[view.phase] || "";
    g.append(text(10, y + 52, view.over ? "Final scores are on each board below."
      : `To act: ${acting || "nobody"}${phase ? ` — ${phase}` : ""}.  The temple costs ${view.temple_cost} coins a monk this round.`,
    "shogun-text"));
    g.append(resourceSquare(10, y + 60, 10, "acier"));
    g.append(resourceSquare(21, y + 60, 10, "acier", { decorated: true }));
    g.append(resourceSquare(32, y + 60, 10, "bois", { placed: false }));
    g.append(text(48, y + 69, "A sword: its resources in the order they are placed (filled: placed, hollow: still to "
      + "place, a gold dot: decorated), its points, the coins its Daimyō pays when it is taken, its power.", "shogun-tiny"));
    return [g, 78];
  }

  function draftBand(view, context, y) {
    if (!view.draft || !view.draft.length) return [null, 0];
    const g = panel(10, y, W - 20, 86, "Starting swords: each seat takes one, with its coins");
    view.draft.forEach((key, i) => {
      const tile = swordTile(20 + i * 100, y + 24, 90, 54, key, context, { data: { draft: i + 1 } });
      g.append(hot(tile, [[`DRAFT_${i + 1}`, "take"]], context, 20 + i * 100, y + 62));
    });
    return [g, 94];
  }

  function housesBand(view, context, y) {
    const g = svg("g", { class: "shogun-houses" });
    const width = (W - 20 - 3 * 8) / 4;
    view.daimyo_decks.forEach((deck, h) => {
      const x = 10 + h * (width + 8);
      const p = panel(x, y, width, 190, "");
      const title = svg("g", { class: "shogun-house-name", "data-house": deck.house },
        svg("rect", { x: x + 4, y: y + 4, width: width - 8, height: 20, rx: 4, class: "shogun-house-band" }),
        text(x + 10, y + 18, `${houseWord(context, deck.house)} house`, "shogun-title"),
        text(x + width - 10, y + 18, `${plural((view.sashimono_supply || {})[deck.house] || 0, "sashimono")} left`, "shogun-small", "end"));
      p.append(hot(title, [[`SASHIMONO_${deck.house.toUpperCase()}`, "sashimono"]], context, x + width - 80, y + 6));
      if (deck.top) {
        p.append(cardShape(x + 6, y + 30, width - 12, 52, deck.top, context, { extra: ` (Daimyō deck: ${deck.size} cards)` }));
        p.append(text(x + width - 10, y + 42, `deck ${deck.size}`, "shogun-tiny", "end"));
      } else {
        p.append(text(x + 10, y + 56, "the Daimyō deck is empty", "shogun-small"));
      }
      const spaces = view.sword_spaces.map((s, k) => [s, k]).filter(([s]) => s.house === deck.house && s.open);
      spaces.forEach(([space, k], i) => {
        const sx = x + 6 + i * 77;
        const sy = y + 90;
        let node;
        if (space.tile) {
          node = swordTile(sx, sy, 73, 62, space.tile, context, { data: { space: k + 1 } });
        } else {
          node = svg("g", { class: "shogun-tile shogun-tile-empty", "data-space": k + 1 },
            svg("rect", { x: sx, y: sy, width: 70, height: 62, rx: 4, class: "shogun-tile-edge" }),
            text(sx + 35, sy + 34, space.worker !== null ? "taken" : "empty", "shogun-small", "middle"));
        }
        if (space.worker !== null && space.worker !== undefined) node.append(figure(sx + 60, sy + 52, space.worker, context));
        p.append(hot(node, [[`WORKER_SPACE_${k + 1}`, "worker"], [`MONK_SPACE_${k + 1}`, "+ monk"]], context, sx + 2, sy + 64));
      });
      g.append(p);
    });
    return [g, 198];
  }

  function marketPanel(view, context, x, y, w, h) {
    const p = panel(x, y, w, h, "");
    p.append(workerSpace(x + 4, y + 4, w - 8, "MARKET", "Market", context, view.market_spaces_used));
    const prices = comp(context).prices || {};
    RES.forEach((r, i) => {
      const bx = x + 8 + i * ((w - 16) / 4);
      const buy = svg("g", { class: "shogun-buy", "data-resource": r },
        svg("rect", { x: bx, y: y + 32, width: (w - 16) / 4 - 6, height: 22, rx: 4, class: "shogun-buy-edge" }),
        resourceSquare(bx + 4, y + 37, 12, r, { title: `${resWord(context, r)}: ${prices[r]} coins` }),
        text(bx + 19, y + 47, `${resWord(context, r)} ${prices[r]}`, "shogun-tiny"));
      p.append(hot(buy, [[`PURCHASE_${r.toUpperCase()}`, "buy"]], context, bx, y + 54));
    });
    const cw = (w - 16 - 2 * 6) / 3;
    (view.market_display || []).forEach((key, i) => {
      const cx = x + 8 + i * (cw + 6);
      const node = key ? cardShape(cx, y + 62, cw, 64, key, context, { data: { market: i + 1 } })
        : svg("g", {}, svg("rect", { x: cx, y: y + 62, width: cw, height: 64, rx: 4, class: "shogun-empty" }));
      p.append(hot(node, [[`MARKET_CARD_${i + 1}`, "take"]], context, cx, y + 110));
    });
    p.append(text(x + 8, y + h - 8, `market deck: ${plural(view.market_deck, "card")}`, "shogun-tiny"));
    return p;
  }

  function academyPanel(view, context, x, y, w, h) {
    const p = panel(x, y, w, h, "");
    p.append(workerSpace(x + 4, y + 4, w - 8, "ACADEMY", "Academy", context, view.academy_spaces_used));
    const coins = comp(context).academy_coins || [0, 1, 2, 3];
    const colW = (w - 90) / coins.length;
    coins.forEach((c, i) => p.append(text(x + 84 + i * colW + colW / 2, y + 40, `${plural(c, "coin")}`, "shogun-tiny", "middle")));
    RES.forEach((r, row) => {
      const ry = y + 46 + row * 22;
      const header = svg("g", { class: "shogun-academy-row", "data-resource": r },
        svg("rect", { x: x + 6, y: ry, width: 74, height: 19, rx: 3, class: `shogun-row-band shogun-band-${r}` }),
        text(x + 10, ry + 14, resWord(context, r), "shogun-small"));
      p.append(hot(header, [[`ADVANCE_${r.toUpperCase()}`, "advance"]], context, x + 6, ry));
      coins.forEach((_, col) => p.append(svg("rect", { x: x + 84 + col * colW, y: ry, width: colW - 2, height: 19, class: "shogun-academy-cell" })));
      view.seats.forEach((seat, s) => {
        const col = seat.artisans[r];
        p.append(figure(x + 84 + col * colW + 8 + s * 10, ry + 10, s, context, 4.5));
      });
    });
    p.append(text(x + 8, y + h - 8, "coins earned per decoration, by column", "shogun-tiny"));
    return p;
  }

  function palacePanel(view, context, x, y, w, h) {
    const p = panel(x, y, w, h, "");
    p.append(workerSpace(x + 4, y + 4, w - 8, "PALACE", "Palace", context, view.palace_spaces_used));
    const ghostHalls = view.ghost ? view.ghost.halls : [];
    const hw = (w - 8 - 4 * 6) / 5;
    view.halls.forEach((hall, i) => {
      const hx = x + 4 + i * (hw + 6);
      const words = hallOf(context, hall.hall);
      const node = svg("g", { class: `shogun-hall${words.passive ? " shogun-hall-passive" : ""}`, "data-hall": i + 1 },
        svg("title", {}, words.text),
        svg("rect", { x: hx, y: y + 32, width: hw, height: 80, rx: 4, class: "shogun-hall-edge" }),
        lines(hx + 4, y + 45, wrap(words.text, Math.floor((hw - 6) / 5.2)).slice(0, 5), { className: "shogun-tiny", step: 10 }));
      hall.members.forEach((s, k) => node.append(figure(hx + 9 + k * 13, y + 104, s, context, 5)));
      if (ghostHalls.includes(i + 1)) node.append(figure(hx + hw - 9, y + 104, "ghost", context, 5));
      p.append(hot(node, [[`HALL_${i + 1}`, "choose"]], context, hx, y + 114));
    });
    return p;
  }

  function lowerBand(view, context, y) {
    const g = svg("g", {});
    // Komainu
    const k = panel(10, y, 150, 96, "");
    k.append(workerSpace(14, y + 4, 142, "KOMAINU", "Komainu", context));
    k.append(lines(18, y + 44, wrap(`${plural(comp(context).komainu_coins || 4, "coin")}, and play first next round`, 26), { className: "shogun-tiny", step: 10 }));
    if (view.komainu !== null && view.komainu !== undefined) k.append(figure(130, y + 74, view.komainu, context, 8));
    k.append(text(18, y + 88, `sword tiles left: ${view.sword_stack}`, "shogun-tiny"));
    g.append(k);
    // honour cards on offer
    const honours = view.honour_display || [];
    const hp = panel(168, y, 470, 96, `Honour cards on offer (a seat takes one as it passes) · ${view.honour_deck} in the deck`);
    honours.forEach((key, i) => {
      const hx = 174 + i * 115;
      const words = honourOf(context, key);
      const node = svg("g", { class: "shogun-honour", "data-honour": i + 1 }, svg("title", {}, `${words.name}: ${words.text}`),
        svg("rect", { x: hx, y: y + 22, width: 110, height: 70, rx: 4, class: "shogun-honour-edge" }),
        lines(hx + 4, y + 34, wrap(words.name, 16).slice(0, 2), { className: "shogun-small shogun-strong", step: 10 }),
        lines(hx + 4, y + 60, wrap(words.text, 19).slice(0, 3), { className: "shogun-tiny", step: 9 }));
      hp.append(hot(node, [[`HONOUR_${i + 1}`, "take"]], context, hx, y + 78));
    });
    g.append(hp);
    // favours
    const fp = panel(646, y, 344, 96, "The Shōgun's favours (6 points each)");
    const favourWords = comp(context).favours || {};
    Object.entries(view.favours).forEach(([numeral, holder], i) => {
      const fx = 652 + i * 67;
      const inPlay = holder !== "not_in_play";
      const who = !inPlay ? "not in play" : holder === "open" ? "to win" : holder === "removed" ? "shared, removed"
        : typeof holder === "number" ? context.seatName(holder) : "the ghost";
      const node = svg("g", { class: `shogun-favour${inPlay ? "" : " shogun-favour-out"}`, "data-favour": numeral },
        svg("title", {}, `Favour ${numeral}: ${favourWords[numeral] || ""} — ${who}`),
        svg("rect", { x: fx, y: y + 22, width: 62, height: 70, rx: 4, class: "shogun-favour-edge" }),
        text(fx + 31, y + 40, numeral, "shogun-title", "middle"),
        lines(fx + 31, y + 56, wrap(who, 12).slice(0, 3), { className: "shogun-tiny", anchor: "middle", step: 9 }));
      if (typeof holder === "number") node.append(figure(fx + 52, y + 30, holder, context, 5));
      fp.append(node);
    });
    g.append(fp);
    return [g, 104];
  }

  // --- a seat's board -------------------------------------------------------------------------
  function forge(seat, s, view, context, x, y, mine) {
    const g = svg("g", { class: "shogun-forge", "data-forge": s });
    const c = comp(context);
    const rowAdv = (c.forge || {}).row_advantages || [];
    const colAdv = (c.forge || {}).column_advantages || [];
    for (let col = 0; col < 5; col += 1) {
      const cx = x + FORGE_HEAD + col * CELL_W;
      const head = svg("g", { class: "shogun-line", "data-line": `COL_${col + 1}` },
        svg("rect", { x: cx, y, width: CELL_W - 2, height: 26, rx: 3, class: "shogun-line-edge" }),
        text(cx + 4, y + 11, `column ${col + 1}`, "shogun-small shogun-strong"),
        text(cx + 4, y + 22, `gives ${colAdv[col] || ""}`, "shogun-tiny"));
      if (mine) hot(head, [[`WORKER_COL_${col + 1}`, "worker"], [`LINE_COL_${col + 1}`, "slide"], [`MONK_COL_${col + 1}`, "+ monk"]], context, cx + CELL_W - 50, y - 15);
      g.append(head);
    }
    const bySell = new Map(seat.forge.map((sword) => [sword.cell, sword]));
    RES.forEach((r, row) => {
      const ry = y + 28 + row * CELL_H;
      const head = svg("g", { class: "shogun-line", "data-line": `ROW_${row + 1}` },
        svg("rect", { x, y: ry, width: FORGE_HEAD - 4, height: CELL_H - 2, rx: 3, class: `shogun-line-edge shogun-band-${r}` }),
        text(x + 6, ry + 13, resWord(context, r), "shogun-small shogun-strong"),
        text(x + 6, ry + 24, `row ${row + 1}`, "shogun-tiny"),
        text(x + 6, ry + 35, `gives ${rowAdv[row] || ""}`, "shogun-tiny"));
      if (mine) hot(head, [[`WORKER_ROW_${row + 1}`, "worker"], [`LINE_ROW_${row + 1}`, "slide"], [`MONK_ROW_${row + 1}`, "+ monk"]], context, x + 40, ry + 42);
      g.append(head);
      for (let col = 0; col < 5; col += 1) {
        const cx = x + FORGE_HEAD + col * CELL_W;
        const cell = `R${row + 1}C${col + 1}`;
        const sword = bySell.get(cell);
        const node = svg("g", { class: "shogun-cell", "data-cell": cell },
          svg("rect", { x: cx, y: ry, width: CELL_W - 2, height: CELL_H - 2, class: `shogun-cell-edge shogun-cell-${r}` }));
        if (sword) {
          node.append(swordTile(cx + 3, ry + 3, CELL_W - 8, CELL_H - 8, sword.tile, context, {
            placed: sword.placed, decorated: sword.decorated, sashimono: sword.sashimono, complete: sword.complete,
            composition: sword.tile === "katana" ? seat.katana.composition : null }));
          if (mine) {
            // decorating names a resource: its chips; the others act on the sword itself
            const decorations = RES.map((res) => [`DECORATE_${cell}_${res.toUpperCase()}`, `decorate ${resWord(context, res)}`]);
            hot(node, [[`MOVE_${cell}`, "move"], [`DELIVER_${cell}`, "deliver"], [`SWAP_${cell}`, "swap ↓"], ...decorations],
              context, cx + 30, ry + 4);
          }
        }
        g.append(node);
      }
    });
    return g;
  }

  function resourceCounts(x, y, record, context, label) {
    const g = svg("g", {});
    g.append(text(x, y + 10, label, "shogun-small shogun-strong"));
    RES.forEach((r, i) => {
      const rx = x + 60 + i * 72;
      g.append(resourceSquare(rx, y, 12, r, { title: resWord(context, r) }));
      g.append(text(rx + 16, y + 10, `${(record || {})[r] || 0} ${resWord(context, r).slice(0, 9)}`, "shogun-small"));
    });
    return g;
  }

  function seatBoard(seat, s, view, context, y) {
    const mine = context.legalNames && Number(context.perspective) === s;
    const handKeys = Object.entries(seat.cards || {});
    const handRows = Math.ceil(handKeys.length / 5);
    const h = FORGE_TOP + 28 + 4 * CELL_H + 26 + handRows * 64 + (seat.open_cards.length ? 76 : 0) + 6;
    const classes = ["shogun-seat-board", `seat-${s}`];
    if ((view.to_act || []).includes(s)) classes.push("seat-to-act");
    if (Number(context.perspective) === s) classes.push("seat-you");
    const g = svg("g", { class: classes.join(" "), "data-seat": s });
    g.append(svg("rect", { x: 10, y, width: W - 20, height: h, rx: 6, class: "seat-frame" }));
    const marks = [];
    if (Number(context.perspective) === s) marks.push(["you", "badge-turn"]);
    if ((view.to_act || []).includes(s)) marks.push(["to act", "badge-to-act"]);
    if (s === view.first_player) marks.push(["plays first", "badge-turn"]);
    if (seat.passed) marks.push(["passed", "badge-harmless"]);
    g.append(figure(24, y + 16, s, context, 7));
    g.append(heading(36, y + 21, W - 20, `${context.seatName(s)} — ${plural(seat.score, "point")}`, marks));
    g.append(forge(seat, s, view, context, 18, y + FORGE_TOP, mine));
    const rx = 18 + FORGE_HEAD + 5 * CELL_W + 14;
    let ry = y + 40;
    const monksLeft = (comp(context).monks || 2) - seat.monks_used;
    g.append(text(rx, ry + 10, `${plural(seat.coins, "coin")} · workers: ${seat.workers_available} free of `
      + `${(comp(context).workers || 4) + seat.workers_unlocked} · monks left: ${monksLeft} · family at home: ${seat.family_home}`, "shogun-text"));
    ry += 20;
    g.append(resourceCounts(rx, ry, seat.stock, context, "stock"));
    ry += 20;
    g.append(resourceCounts(rx, ry, seat.project, context, "project"));
    ry += 20;
    const katanaWords = { project: "a project (not yet in play)", forge: "on the forge", delivered: "delivered" }[seat.katana.state];
    const katana = svg("g", { class: "shogun-katana-line", "data-katana": s },
      svg("rect", { x: rx - 3, y: ry - 2, width: 360, height: 18, rx: 4, class: "shogun-katana-band" }),
      text(rx, ry + 11, `Shōgun no Katana: ${katanaWords}` + (seat.katana.column ? ` in column ${seat.katana.column}, worth ${seat.katana.value}` : "")
        + (seat.shame === "honte" ? " · Shame" : seat.shame === "deshonneur" ? " · Dishonour" : ""), "shogun-small"));
    if (mine) hot(katana, [["KATANA", "put into play"]], context, rx + 250, ry);
    g.append(katana);
    ry += 22;
    const sashimono = Object.entries(seat.sashimono).map(([house, n]) => `${houseWord(context, house)} ${n}`).join(", ");
    g.append(text(rx, ry + 10, `sashimono: ${sashimono}`, "shogun-small"));
    ry += 18;
    const under = Object.entries(seat.under || {}).map(([line, cards]) => `${lineWords(context, line)}: `
      + cards.map((key) => cardOf(context, key).permanent.replace(/^Permanent for \d+ coins?: /, "")).join("; "));
    g.append(lines(rx, ry + 10, wrap(`permanents: ${under.join(" · ") || "none"}`, 66).slice(0, 3), { className: "shogun-small", step: 11 }));
    ry += 14 + 11 * Math.min(2, Math.max(0, wrap(`permanents: ${under.join(" · ")}`, 66).length - 1));
    const honours = (seat.honours || []).map((key) => honourOf(context, key).name);
    g.append(lines(rx, ry + 10, wrap(`honour cards: ${honours.join(", ") || "none"}`, 66).slice(0, 2), { className: "shogun-small", step: 11 }));
    ry += 26;
    g.append(text(rx, ry + 8, `swords delivered: ${seat.delivered.length}`, "shogun-small shogun-strong"));
    seat.delivered.slice(0, 8).forEach((d, i) => {
      g.append(swordTile(rx + 110 + (i % 4) * 62, ry - 4 + Math.floor(i / 4) * 22, 58, 19, d.tile, context, { decorated: d.decorated, placed: null }));
    });
    // cards held: face up to everyone.  The rulebook has every card taken placed « face visible
    // près de votre Washitsu de façon à ce que tout le monde puisse la voir » (Daimyō and Market
    // cards alike), so no seat's cards are hidden from another.
    let cy = y + FORGE_TOP + 28 + 4 * CELL_H + 10;
    g.append(text(18, cy + 10, `Cards held (${handKeys.reduce((n, [, k]) => n + k, 0)})`, "shogun-small shogun-strong"));
    handKeys.forEach(([key, count], i) => {
      const cx = 18 + (i % 5) * 124;
      const node = cardShape(cx, cy + 16 + Math.floor(i / 5) * 64, 120, 46, key, context,
        { count, data: { card: key } });
      const upper = key.toUpperCase();
      if (mine) hot(node, [[`PLAY_${upper}`, "play"], [`BUY_${upper}`, "keep"], [`DISCARD_${upper}`, "discard"]], context, cx + 2, cy + 64 + Math.floor(i / 5) * 64, { across: true, chipsOnly: true });
      g.append(node);
    });
    cy += 16 + handRows * 64;
    if (seat.open_cards.length) {
      g.append(text(18, cy + 10, "Taken this turn, to play, keep or discard:", "shogun-small shogun-strong"));
      seat.open_cards.forEach((entry, i) => {
        const cx = 18 + i * 124;
        const node = cardShape(cx, cy + 16, 120, 40, entry.card, context,
          { extra: entry.used ? " (used)" : entry.bought ? " (kept)" : "" });
        const upper = entry.card.toUpperCase();
        if (mine) hot(node, [[`PLAY_${upper}`, "play"], [`BUY_${upper}`, "keep"], [`DISCARD_${upper}`, "discard"]], context, cx + 2, cy + 58, { across: true, chipsOnly: true });
        g.append(node);
      });
    }
    return [g, h + 8];
  }

  function ghostBoard(ghost, view, context, y) {
    const h = 150;
    const g = svg("g", { class: "shogun-ghost-board", "data-ghost-level": ghost.level });
    g.append(svg("rect", { x: 10, y, width: W - 20, height: h, rx: 6, class: "seat-frame shogun-ghost-frame" }));
    g.append(figure(24, y + 16, "ghost", context, 7));
    const marks = [];
    if ((view.to_act || []).length === 0 && !view.over) marks.push(["acting", "badge-to-act"]);
    if (ghost.plays_first) marks.push(["plays first", "badge-turn"]);
    if (ghost.passed) marks.push(["passed", "badge-harmless"]);
    const total = ghost.total !== null && ghost.total !== undefined ? ` (final ${ghost.total})` : "";
    g.append(heading(36, y + 21, W - 20, `The ghost, level ${ghost.level} — ${plural(ghost.score, "point")}${total}`, marks));
    g.append(text(18, y + 42, "Washitsu (a sword on a blocked slot frees its worker):", "shogun-small shogun-strong"));
    const slots = comp(context).washitsu_slots || 8;
    for (let slot = 0; slot < slots; slot += 1) {
      const sx = 18 + slot * 66;
      const key = ghost.washitsu[slot];
      if (key) g.append(swordTile(sx, y + 48, 62, 46, key, context));
      else {
        g.append(svg("rect", { x: sx, y: y + 48, width: 62, height: 46, rx: 4, class: "shogun-empty" }));
        if (ghost.blocked_slots.includes(slot)) {
          g.append(figure(sx + 31, y + 66, "ghost", context, 6));
          g.append(text(sx + 31, y + 88, "blocked", "shogun-tiny", "middle"));
        }
      }
    }
    const dx = 18 + slots * 66 + 10;
    g.append(svg("g", { class: "shogun-ghost-deck" }, svg("title", {}, `the ghost's action deck: ${ghost.deck} cards, their order hidden`),
      svg("rect", { x: dx, y: y + 48, width: 52, height: 46, rx: 4, class: "shogun-card-back-edge" }),
      text(dx + 26, y + 75, String(ghost.deck), "shogun-title shogun-back-text", "middle")));
    g.append(text(dx + 26, y + 106, "action deck", "shogun-tiny", "middle"));
    const last = ghost.last_card ? (comp(context).ghost_cards || {})[ghost.last_card] : null;
    // the step's events tell the ghost's turn; the picture shows its last card, and the score it had
    // when this picture was drawn last (one card drawn since) what it scored
    const before = lastGhost.get(context.boardNode);
    lastGhost.set(context.boardNode, { discard: ghost.discard.length, score: ghost.score });
    const gained = before && ghost.discard.length === before.discard + 1 ? ghost.score - before.score : null;
    g.append(svg("rect", { x: dx + 60, y: y + 48, width: 90, height: 46, rx: 4, class: "shogun-ghost-card" }));
    g.append(text(dx + 105, y + 68, last || "none yet", "shogun-small shogun-strong", "middle"));
    g.append(text(dx + 105, y + 106, "last card drawn", "shogun-tiny", "middle"));
    const katana = ghost.katana.map((r) => resWord(context, r.resource) + (r.decorated ? " (decorated)" : "")).join(", ") || "nothing yet";
    const sashimono = Object.entries(ghost.sashimono).map(([house, n]) => `${houseWord(context, house)} ${n}`).join(", ");
    const facts = [`workers: ${ghost.workers_available} free, ${ghost.workers_out} on the board · family in the palace: `
      + `${ghost.halls.length ? ghost.halls.map((slot) => `hall ${slot}`).join(", ") : "none"} · sashimono: ${sashimono}`,
    `Shōgun no Katana: ${katana} · market cards: ${ghost.market_cards.map((key) => cardName(context, key)).join(", ") || "none"}`
      + ` · honour cards: ${ghost.honours.map((key) => honourOf(context, key).name).join(", ") || "none"}`];
    if (last) {
      const turn = `Its last card, ${last}: it ${(comp(context).ghost_turns || {})[ghost.last_card] || "played"}`
        + (gained !== null ? ` (+${plural(gained, "point")}).` : ".");
      g.append(lines(dx + 160, y + 54, wrap(turn, 44).slice(0, 4), { className: "shogun-small", step: 12 }));
    }
    g.append(lines(18, y + 118, facts.flatMap((f) => wrap(f, 150)).slice(0, 3), { className: "shogun-small", step: 12 }));
    return [g, h + 8];
  }

  /* The legal actions the picture had no place for, as chips at the top. */
  function moreChoices(view, context) {
    if (!context.legalNames) return [null, 0];
    const rest = (context.legal || []).filter((entry) => !context.placed.has(entry.name));
    if (!rest.length) return [null, 0];
    const g = svg("g", { class: "shogun-more" });
    g.append(text(10, 14, "Your choices:", "shogun-small shogun-strong"));
    let x = 100;
    let y = 2;
    for (const entry of rest) {
      const words = actionWords(entry.name, view, context);
      const width = 10 + words.length * 5.8;
      if (x + width > W - 10) { x = 100; y += 18; }
      g.append(chip(x, y, words, entry.name).node);
      x += width + 6;
    }
    return [g, y + 24];
  }

  function render(board, view, context) {
    const ctx = Object.create(context);
    ctx.legal = context.legal || null;
    ctx.legalNames = ctx.legal ? new Set(ctx.legal.map((entry) => entry.name)) : null;
    ctx.placed = new Set();
    ctx.boardNode = board;
    const body = svg("g", {});
    let y = 6;
    const add = ([node, height]) => { if (node) body.append(node); y += height; };
    add(statusBand(view, ctx, y));
    add(draftBand(view, ctx, y));
    add(housesBand(view, ctx, y));
    body.append(marketPanel(view, ctx, 10, y, 300, 150));
    body.append(academyPanel(view, ctx, 318, y, 250, 150));
    body.append(palacePanel(view, ctx, 576, y, 414, 150));
    y += 158;
    add(lowerBand(view, ctx, y));
    const order = view.seats.map((_, s) => s);
    const me = Number(context.perspective);
    if (Number.isInteger(me) && me >= 0 && me < order.length) order.sort((a, b) => (b === me) - (a === me));
    for (const s of order) add(seatBoard(view.seats[s], s, view, ctx, y));
    if (view.ghost) add(ghostBoard(view.ghost, view, ctx, y));
    const [more, moreHeight] = moreChoices(view, ctx);
    const label = `Shōgun no Katana, round ${view.round}: the main board and each seat's forge`;
    const pic = picture(W, y + moreHeight + 4, label, "shogun-picture");
    if (more) pic.append(more);
    body.setAttribute("transform", `translate(0 ${moreHeight})`);
    pic.append(body);
    const nodes = [pic];
    const chapter = chapterPanel(view, ctx);
    if (chapter) nodes.unshift(chapter);
    board.replaceChildren(...nodes);
  }

  // The story chapter (views.py's "chapter": present only in a story-mode game): its number, title,
  // difficulty, special rules and conditions, each marked met or not (so far, or final at the end).
  function chapterPanel(view, context) {
    const chapter = view.chapter;
    if (!chapter) return null;
    const named = (comp(context).chapters || {})[String(chapter.number)];   // its title and rules in words
    const ruleWords = named ? named.rules : chapter.rules;
    const rules = ruleWords.length ? element("ul", { class: "shogun-chapter-rules" },
      ...ruleWords.map((rule) => element("li", {}, rule))) : element("p", {}, "None: the usual rules.");
    const conditions = chapter.conditions.length
      ? element("ul", { class: "shogun-chapter-conditions" }, ...chapter.conditions.map((c) =>
        element("li", { class: c.met ? "shogun-chapter-met" : "shogun-chapter-unmet", "data-condition": c.key },
          `${c.met ? "✓ met" : "✗ not met"}${chapter.final ? "" : " so far"}: ${c.text}`)))
      : element("p", {}, "No conditions: beat the ghost.");
    const verdict = element("p", { class: "shogun-chapter-verdict" },
      `${chapter.beat_ghost ? "Ahead of" : "Not ahead of"} the ghost`
      + (chapter.final ? ` · chapter ${chapter.won ? "won" : "lost"}` : ""));
    const prices = chapter.market_prices ? [element("p", { class: "shogun-chapter-prices" }, "Market prices: "
      + Object.entries(chapter.market_prices).map(([r, price]) => `${resWord(context, r)} ${price}`).join(" · "))] : [];
    return element("section", { class: "shogun-chapter", "data-chapter": String(chapter.number) },
      element("h3", {}, `Chapter ${chapter.number}: ${named ? named.title : chapter.title} (${chapter.difficulty})`),
      element("h4", {}, "Special rules"), rules, ...prices, element("h4", {}, "Conditions"), conditions, verdict);
  }

  function describeAction(frame, context) {
    const words = actionWords(frame.action, context.view, context);
    return words.charAt(0).toLowerCase() + words.slice(1);
  }

  function labelAction(entry, view, context) {
    return actionWords(entry.name, view, context);
  }

  /* A person's buttons gathered under a heading in words ("Place a worker at:" "the Market"). */
  function actionGroup(entry, view, context) {
    const name = entry.name;
    let x;
    if ((x = /^(WORKER|MONK)_(\w+)$/.exec(name))) {
      const space = /^SPACE_(\d+)$/.exec(x[2]);
      const spot = space && view ? view.sword_spaces[Number(space[1]) - 1] : null;
      const tile = spot && spot.tile ? tileOf(context, spot.tile) : null;
      const short = placeWords(context, x[2], view).replace(/^the /, "")
        + (tile ? ` (${tile.composition.map((r) => resWord(context, r)).join(", ")})` : "");
      return { group: x[1] === "WORKER" ? "Place a worker at"
        : `Place a monk (${plural(view ? view.temple_cost : 0, "coin")} to the temple) at`, short };
    }
    if ((x = /^(PLAY|BUY|DISCARD)_(\w+)$/.exec(name))) {
      const card = cardOf(context, x[2].toLowerCase());
      const short = x[1] === "PLAY" ? `${card.name}: ${card.effect}` : x[1] === "BUY"
        ? `${card.name} (${card.permanent.replace(/^Permanent for /, "").replace(":", " →")})` : card.name;
      return { group: { PLAY: "Play", BUY: "Keep under your forge", DISCARD: "Discard" }[x[1]], short };
    }
    if ((x = /^(MOVE|DELIVER)_(R\dC\d)$/.exec(name))) {
      return { group: `${x[1] === "MOVE" ? "Move" : "Deliver"} the sword at`, short: cellWords(x[2]) };
    }
    if ((x = /^DECORATE_(R\dC\d)_(\w+)$/.exec(name))) {
      return { group: "Decorate", short: `the ${resWord(context, RES_KEY[x[2]])} at ${cellWords(x[1])}` };
    }
    if ((x = /^LINE_(\w+_\d)$/.exec(name))) return { group: "Slide the card under", short: lineWords(context, x[1]) };
    if ((x = /^(PURCHASE|ADVANCE|PROJECT|RECOVER|DROP|COMPOSE)_(\w+)$/.exec(name))) {
      const r = RES_KEY[x[2]];
      return { group: {
        PURCHASE: "Buy", ADVANCE: "Advance your artisan of", PROJECT: "Add to your Shōgun no Katana's project",
        RECOVER: "Recover for the project (1 point, Shame)", DROP: "Remove from the project (1 point, Shame)",
        COMPOSE: "Lay next on your Shōgun no Katana" }[x[1]],
      short: x[1] === "PURCHASE" ? `1 ${resWord(context, r)} (${plural((comp(context).prices || {})[r] || 0, "coin")})`
        : resWord(context, r) };
    }
    if ((x = /^SASHIMONO_(\w+)$/.exec(name))) {
      return { group: "Take a sashimono of the house", short: houseWord(context, HOUSE_KEY[x[1]]) };
    }
    if ((x = /^HALL_(\d)$/.exec(name))) {
      const placing = view && ["palace_place", "family"].includes(view.phase);
      return { group: placing ? "Send a family member to" : "Use", short: hallAt(context, view, Number(x[1])) };
    }
    if ((x = /^REORGANIZE_(\d)_(\d)$/.exec(name))) {
      return { group: "Move a family member",
        short: `from ${hallAt(context, view, Number(x[1]))} to ${hallAt(context, view, Number(x[2]))}` };
    }
    const words = actionWords(name, view, context);
    if (/^HONOUR_\d$/.test(name)) return { group: "Take the honour card", short: words.replace(/^Take the honour card /, "") };
    if (/^MARKET_CARD_\d$/.test(name)) return { group: "Take the market card", short: words.replace(/^Take the card /, "") };
    if (/^DRAFT_\d$/.test(name)) return { group: "Start with", short: words.replace(/^Start with /, "") };
    if (/^KOMAINU_EFFECT_/.test(name)) return { group: "Use also", short: words.replace(/^Use also /, "") };
    return null;
  }

  function describeEvent(event, context) {
    const who = event.seat === null || event.seat === undefined ? "the ghost" : context.seatName(event.seat);
    const res = (r) => resWord(context, r);
    const view = context.view;
    switch (event.event) {
      case "round": return `Round ${event.round} begins; ${who} plays first.`;
      case "draft": return `${who} starts with ${tileWords(context, event.tile)} and ${plural(event.coins, "coin")}.`;
      case "place": return `${who} places a ${event.monk ? "monk" : "worker"} at ${placeWords(context, event.place, view)}.`;
      case "pass": return `${who} passes.`;
      case "take_sword": return `${who} takes ${tileWords(context, event.tile)} from the ${houseWord(context, event.house)} house`
        + (event.card ? ` and the card ${cardName(context, event.card)}: ${cardOf(context, event.card).effect}.` : ".");
      case "purchase": return `${who} buys 1 ${res(event.resource)} for ${plural(event.price, "coin")}.`;
      case "market_card": return `${who} takes the card ${cardName(context, event.card)}: ${cardOf(context, event.card).effect}.`;
      case "move": return `${who} places a ${res(event.resource)}: a sword moves from ${cellWords(event.from)} to ${cellWords(event.to)}.`;
      case "swap": return `${who} swaps the swords at ${cellWords(event.upper)} and ${cellWords(event.lower)}.`;
      case "advance": return `${who}'s ${res(event.resource)} artisan advances to column ${event.column + 1}.`;
      case "decorate": return `${who} decorates the ${res(event.resource)} at ${cellWords(event.cell)} and earns ${plural(event.coins, "coin")}.`;
      case "family": return `${who} sends a family member to ${hallAt(context, view, event.hall)}.`;
      case "reorganize": return `${who} moves a family member from ${hallAt(context, view, event.from_hall)} to ${hallAt(context, view, event.to_hall)}.`;
      case "hall": return `${who} uses the hall «${hallOf(context, event.key).text}».`;
      case "deliver": return `${who} delivers ${tileWords(context, event.tile)} for ${plural(event.points, "point")}.`;
      case "collect": return `${who} collects the advantages of ${lineWords(context, event.line)}: ${plural(event.coins, "coin")}, `
        + `${plural(event.points, "point")} and its goods.`;
      case "project": return event.penalty ? `${who} ${event.change > 0 ? "adds" : "removes"} a ${res(event.resource)} `
        + "to the project (1 point, Shame)." : `${who} adds a ${res(event.resource)} to the Shōgun no Katana's project.`;
      case "katana": return `${who} puts the Shōgun no Katana into play (${plural(event.resources, "resource")}, entering on the ${res(event.first)} row).`;
      case "play": return `${who} plays ${cardName(context, event.card)}: ${cardOf(context, event.card).effect}.`;
      case "buy": return `${who} pays ${plural(event.price, "coin")} to keep ${cardName(context, event.card)} under ${lineWords(context, event.line)}.`;
      case "discard": return `${who} discards ${cardName(context, event.card)}.`;
      case "sashimono": return `${who} takes a sashimono of the ${houseWord(context, event.house)} house.`;
      case "favour": return `${who} wins ${plural(event.points, "point")} with the Shōgun's favour ${event.favour}`
        + (event.shared_by > 1 ? ` (shared by ${event.shared_by}).` : ".");
      case "refill": return `A new sword on offer at ${placeWords(context, event.space, view)}: ${tileWords(context, event.tile)}.`;
      case "honour_reveal": return `The honour card «${honourOf(context, event.honour).name}» is revealed: ${honourOf(context, event.honour).text}.`;
      case "score": return `${who} ends with ${plural(event.score, "point")}.`;
      case "end": return "The game ends.";
      case "ghost_card": return `The ghost draws ${(comp(context).ghost_cards || {})[event.card] || event.card}: `
        + (event.ignored ? "this chapter's ghost ignores it." : event.placed ? `it places a worker there and scores ${plural(event.points, "point")}.`
          : `the area is full: it scores ${plural(event.points, "point")} and draws again.`);
      case "ghost_sword": return `The ghost takes ${tileWords(context, event.tile)} from the ${houseWord(context, event.house)} house`
        + (event.sashimono ? " with its sashimono" : "") + (event.worker_freed ? ", freeing a blocked worker." : ".");
      case "ghost_hall": return event.hall ? `The ghost sends a family member to ${hallAt(context, view, event.hall)}.` : "The ghost has no family member left to send.";
      case "ghost_market": return event.card ? `The ghost takes the card ${cardName(context, event.card)}.` : "The ghost finds no market card to take.";
      case "ghost_decorate": return event.resource ? `The ghost decorates the ${res(event.resource)} of its Shōgun no Katana.` : "The ghost has nothing to decorate.";
      case "ghost_pass": return "The ghost passes" + (event.honour ? ` and takes the honour card «${honourOf(context, event.honour).name}».` : ".");
      case "temple_tax": return `${who} pays the Temple ${event.coins} of the ${event.due} coins due`
        + (event.points ? ` and loses ${plural(event.points, "point")} for the rest.` : ".");
      default: return null;
    }
  }

  window.ReplayRenderers.register("shogun", { render, describeAction, describeEvent, labelAction, actionGroup });
})();
