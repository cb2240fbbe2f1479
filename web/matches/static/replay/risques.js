//# allFunctionsCalledOnLoad
/* Risques' renderer: the table as a picture.  Each samurai is a panel with his sheet (name, clan,
   role, equipment), his wounds, glory and honour as tokens, his reputations and score; the scene
   shows the risk under way and each participant in it (samurai and vassals) with his dice pool
   (the dice he rolls and those set aside as wagers), his roll against the threshold, what he
   kept, his target, and his secret choice as a card, face down where the perspective did not see
   it.  The seat that took the step is outlined, with its participant and its choice.  Views are
   engine_ext/risques/views.py's; the dice and the samurai's sheets are context.components
   (engine_ext/risques/data.py).  It draws any view, a replay's or a seat's observation: see
   replay/table.js for how a person's seat page calls it. */
(() => {
  "use strict";

  const { humanize, svg, card, tokens, die, heading, picture, lines, wrap } = window.ReplayTable;

  const WIDTH = 900;
  const PER_ROW = 3;
  const PANEL_W = 300;
  const PANEL_H = 158;
  const STAND_W = 220;
  const STAND_H = 172;
  const DICE_PER_ROW = 10;
  const DICE_SHOWN = 30;
  const STANDS_PER_ROW = 4;
  const SCENE_TOP = 96;

  // A participant's number in a view is its label's index in the TARGET block of the action
  // table: the samurai's seats first ("seat_3"), then the vassals ("ashigaru_1", "guard_2").
  function participantName(p, context) {
    if (p === null || p === undefined || p < 0) return "nobody";
    const label = context.actionLabels("TARGET")[p];
    if (label === undefined) return `participant ${p}`;
    const seat = label.match(/^seat_(\d+)$/);
    if (seat) return context.seatName(Number(seat[1]));
    const entry = (context.view.participants || []).find((x) => x.participant === label);
    const owner = entry ? ` of ${context.seatName(entry.owner)}` : "";
    return `the ${humanize(label).toLowerCase()}${owner}`;
  }

  function participantLabel(key, context) {
    const seat = key.match(/^seat_(\d+)$/);
    return seat ? context.seatName(Number(seat[1])) : humanize(key);
  }

  const dice = (context) => ((context.components || {}).dice) || { faces: 6, threshold: 10 };

  /* The participant (its label) whose decision the step was: the first event's actor when it
     belongs to the seat that acted, else that seat's samurai. */
  function actingParticipant(view, context) {
    const frame = context.frame;
    if (!frame || frame.seat === null || frame.seat === undefined) return null;
    const first = (frame.events || []).find((event) => typeof event.a === "number" && event.a >= 0);
    const label = first ? context.actionLabels("TARGET")[first.a] : undefined;
    const entry = label && view.participants.find((x) => x.participant === label);
    return entry && entry.owner === frame.seat ? label : `seat_${frame.seat}`;
  }

  /* Wounds as dark tokens marked with their rank. */
  function woundTokens(x, y, counts) {
    const group = svg("g", { class: "tokens token-wound" });
    let i = 0;
    for (const [rank, n] of Object.entries(counts || {})) {
      for (let k = 0; k < n; k += 1, i += 1) {
        group.append(svg("g", { class: "wound", "data-rank": rank },
          svg("title", {}, `a rank ${rank} wound`),
          svg("rect", { x: x + i * 19, y, width: 16, height: 16, rx: 3, class: "token-full" }),
          svg("text", { x: x + i * 19 + 8, y: y + 12, "text-anchor": "middle", class: "wound-rank" }, rank)));
      }
    }
    return group;
  }

  function samuraiPanel(view, index, context, x, y) {
    const seat = view.seats[index];
    const own = view.seat === index;
    const acting = context.frame && context.frame.seat === index;
    const classes = ["seat"];
    if (acting) classes.push("seat-acting");
    if (view.to_act.includes(index)) classes.push("seat-to-act");
    if (own) classes.push("seat-you");
    if (!seat.alive || !seat.able_to_fight) classes.push("seat-harmless");
    const group = svg("g", { class: classes.join(" "), "data-seat": index, transform: `translate(${x} ${y})` });
    group.append(svg("rect", { class: "seat-frame", x: 4, y: 4, width: PANEL_W - 8, height: PANEL_H - 8, rx: 8 }));
    const marks = [];
    if (acting) marks.push(["acted", "badge-acting"]);
    if (view.to_act.includes(index)) marks.push(["to act", "badge-to-act"]);
    if (!seat.alive) marks.push(["dead", "badge-harmless"]);
    else if (!seat.able_to_fight) marks.push(["out of the fight", "badge-harmless"]);
    if (seat.protected) marks.push(["protected", "badge-turn"]);
    if (seat.dignified) marks.push(["dignified", "badge-bushido"]);
    group.append(heading(14, 24, PANEL_W - 14, context.seatName(index) + (own ? " — you" : ""), marks));

    const sheet = ((context.components || {}).samurai || {})[seat.character] || {};
    group.append(card(12, 36, 70, 104, { title: seat.name, kind: seat.clan, classes: `card-samurai${seat.alive ? "" : " card-dead"}`,
      data: { samurai: seat.character },
      tooltip: `${seat.name}: ${seat.clan}, ${seat.role}, ${sheet.equipment || seat.weapon}`
        + (sheet.handicap ? `; handicap: ${sheet.handicap}` : "") }));
    if (!seat.alive) group.append(svg("path", { class: "dead-cross", d: "M18 42 L76 134 M76 42 L18 134" }));

    const right = 92;
    group.append(svg("text", { x: right, y: 46, class: "token-label" },
      `${seat.role} · ${sheet.equipment || seat.weapon}`));
    group.append(svg("text", { x: right, y: 64, class: "token-label" },
      Object.keys(seat.wounds).length ? "wounds" : "no wound"));
    group.append(woundTokens(right + 46, 52, seat.wounds));
    group.append(svg("text", { x: right, y: 84, class: "token-label" }, `glory ${seat.glory}`));
    group.append(svg("text", { x: right + 90, y: 84, class: "token-label token-score" }, `score ${seat.score}`));
    if (seat.honor === null) {
      group.append(svg("text", { x: right, y: 104, class: "token-label" }, "honour: the shared reserve"));
    } else {
      group.append(svg("text", { x: right, y: 104, class: "token-label" }, `honour ${seat.honor}`));
      group.append(tokens(right + 62, 94, Math.max(seat.honor, 0), { perRow: 8, className: "token-honour",
        title: `honour ${seat.honor}` }));
    }
    const reputations = seat.reputations.map((r) => `${r.name} ${r.points} (rank ${r.rank})`);
    group.append(lines(right, 124, reputations.length ? reputations.flatMap((r) => wrap(r, 32)).slice(0, 2)
      : ["no reputation"], { className: "token-label reputation", step: 13 }));
    return group;
  }

  /* A secret choice as a card: a declaration, a wager, or a target (its index in the TARGET block). */
  function secretCard(x, y, entry, highlighted, context) {
    const classes = highlighted ? "card-secret card-just-played" : "card-secret";
    if (entry.secret === null) {
      return card(x, y, 44, 60, { faceDown: true, classes, data: { secret: "hidden" }, tooltip: "a secret choice, not seen" });
    }
    const { phase, choice } = entry.secret;
    let words = humanize(choice);
    let tooltip = `declares ${choice}`;
    if (phase === "wager") {
      words = `wager ${choice}`;
      tooltip = `wagers ${choice}`;
    } else if (phase !== "declare") {
      const label = context.actionLabels("TARGET")[choice];
      words = `→ ${label === undefined ? choice : humanize(label)}`;
      tooltip = `targets ${participantName(choice, context)}`;
    }
    return card(x, y, 44, 60, { title: words, kind: phase === "declare" ? "declares" : phase, classes,
      data: { secret: phase }, tooltip: `a secret choice: ${tooltip}` });
  }

  function stand(entry, view, context, x, y, acting) {
    const { threshold } = dice(context);
    const classes = ["participant"];
    if (acting) classes.push("participant-acting");
    if (entry.to_decide) classes.push("participant-to-decide");
    const index = context.actionLabels("TARGET").indexOf(entry.participant);
    if (view.risk.winner !== null && view.risk.winner === index) classes.push("participant-winner");
    const group = svg("g", { class: classes.join(" "), "data-participant": entry.participant, "data-owner": entry.owner,
      transform: `translate(${x} ${y})` });
    group.append(svg("rect", { class: "participant-frame", x: 3, y: 3, width: STAND_W - 6, height: STAND_H - 6, rx: 7 }));
    const seat = entry.participant.match(/^seat_(\d+)$/);
    const name = seat ? context.seatName(Number(seat[1]))
      : `${humanize(entry.participant)} (rank ${entry.rank}) of seat ${entry.owner}`;
    group.append(lines(12, 20, wrap(name, 24).slice(0, 2), { className: "participant-name", step: 13 }));
    if ("secret" in entry) group.append(secretCard(STAND_W - 54, 10, entry, acting, { ...context, view }));

    const rolled = Math.max(entry.pool - entry.wager, 0);
    group.append(svg("text", { x: 12, y: 52, class: "token-label" },
      `pool ${entry.pool}` + (entry.wager ? ` · wager ${entry.wager}` : "")));
    const pool = svg("g", { class: "pool", "data-pool": entry.pool, "data-wager": entry.wager });
    const shown = Math.min(entry.pool, DICE_SHOWN);
    for (let i = 0; i < shown; i += 1) {
      pool.append(die(12 + (i % DICE_PER_ROW) * 14.5, 58 + Math.floor(i / DICE_PER_ROW) * 14.5, 13,
        { className: i < rolled ? "die-rolled" : "die-wager" }));
    }
    group.append(pool);
    if (entry.roll) {
      const success = entry.roll >= threshold;
      group.append(svg("g", { class: `roll ${success ? "roll-success" : "roll-short"}`, "data-roll": entry.roll },
        svg("title", {}, `rolled ${entry.roll} on ${rolled} dice (${threshold} or more succeeds)`),
        svg("rect", { x: 12, y: 106, width: 54, height: 30, rx: 5 }),
        svg("text", { x: 39, y: 127, "text-anchor": "middle" }, String(entry.roll))));
      group.append(svg("text", { x: 74, y: 119, class: "token-label" }, `rolled (${threshold}+ wins)`));
      group.append(svg("text", { x: 74, y: 133, class: "token-label" }, `kept ${entry.kept} wager${entry.kept === 1 ? "" : "s"}`));
    }
    const notes = [];
    if (entry.target !== null) notes.push(`→ ${participantName(entry.target, { ...context, view })}`);
    if (entry.on_guard) notes.push("on guard");
    if (entry.strikes_left) notes.push(`${entry.strikes_left} strike(s) left`);
    if (entry.to_decide) notes.push("to decide");
    group.append(lines(12, 152, wrap(notes.join(" · "), 34).slice(0, 2), { className: "token-label", step: 13 }));
    return group;
  }

  function scene(view, context, shown, acting) {
    const group = svg("g", { class: "table-middle" });
    const rows = Math.max(1, Math.ceil(shown.length / STANDS_PER_ROW));
    group.append(svg("rect", { class: "table-felt", x: 4, y: 4, width: WIDTH - 8,
      height: SCENE_TOP + rows * STAND_H + 4, rx: 14 }));
    const headline = view.phase === "game_over" ? `${humanize(view.mode)} · the match is over`
      : `${humanize(view.mode)} · scene ${Math.min(view.scene + 1, view.scenes)} of ${view.scenes}`;
    group.append(svg("text", { x: 20, y: 32, class: "table-headline" }, headline));
    const texts = [];
    if (view.phase !== "game_over") texts.push(`phase: ${humanize(view.phase).toLowerCase()}`);
    if (view.risk.kind) {
      texts.push(`risk: ${humanize(view.risk.kind).toLowerCase()}, ${participantName(view.risk.a, context)}`
        + (view.risk.b !== null ? ` against ${participantName(view.risk.b, context)}` : "")
        + (view.risk.winner !== null ? ` · won by ${participantName(view.risk.winner, context)}` : ""));
    }
    if (view.to_act.length) texts.push(`to act: ${view.to_act.map(context.seatName).join(", ")}`);
    group.append(lines(20, 54, texts.flatMap((t) => wrap(t, 110)).slice(0, 3), { className: "table-status", step: 17 }));
    if (view.honor_pool === "shared") {
      group.append(svg("text", { x: 640, y: 32, class: "token-label" }, `shared honour reserve ${view.shared_honor}`));
      group.append(tokens(640, 40, Math.max(view.shared_honor || 0, 0), { perRow: 14, className: "token-honour",
        title: `shared honour reserve: ${view.shared_honor}` }));
    }
    if (!shown.length) {
      group.append(svg("text", { x: 20, y: SCENE_TOP + 30, class: "table-status" }, "Nobody is in a risk."));
    }
    shown.forEach((entry, i) => {
      const x = 12 + (i % STANDS_PER_ROW) * STAND_W;
      const y = SCENE_TOP + Math.floor(i / STANDS_PER_ROW) * STAND_H;
      group.append(stand(entry, view, context, x, y, entry.participant === acting));
    });
    return [group, SCENE_TOP + rows * STAND_H + 12];
  }

  function render(board, view, context) {
    context = { ...context, view };
    const shown = view.participants.filter((p) => p.in_scene || p.to_decide || "secret" in p
      || p.pool || p.wager || p.roll);
    const acting = actingParticipant(view, context);
    const [middle, top] = scene(view, context, shown, acting);
    const rows = Math.ceil(view.seats.length / PER_ROW);
    const title = context.step === null || context.step === undefined
      ? "The Risques table" : `The Risques table after step ${context.step}`;
    const drawing = picture(WIDTH, top + rows * PANEL_H, title, "risques-table");
    drawing.append(middle);
    view.seats.forEach((_, index) => {
      const row = Math.floor(index / PER_ROW);
      const inRow = Math.min(PER_ROW, view.seats.length - row * PER_ROW);
      const x = (WIDTH - inRow * PANEL_W) / 2 + (index % PER_ROW) * PANEL_W;
      drawing.append(samuraiPanel(view, index, context, x, top + row * PANEL_H));
    });
    const note = view.you && view.you.acting_as
      ? svg("text", { x: WIDTH - 20, y: 84, class: "token-label", "text-anchor": "end" },
        `this seat acts as ${participantLabel(view.you.acting_as, context)}`) : null;
    if (note) drawing.append(note);
    board.replaceChildren(drawing);
  }

  function describeAction(frame) {
    const name = frame.action;
    const patterns = [
      [/^INVOKE_WOUND_RANK_(\d)$/, (m) => `invokes a rank ${m[1]} wound`],
      [/^TARGET_SEAT_(\d+)$/, (m) => `targets seat ${m[1]}`],
      [/^TARGET_(ASHIGARU|GUARD)_(\d)$/, (m) => `targets ${m[1].toLowerCase()} ${m[2]}`],
      [/^WAGER_(\d+)$/, (m) => `wagers ${m[1]}`],
      [/^WOUND_WAGERS_(\d+)$/, (m) => `spends ${m[1]} wager(s) on the wound`],
    ];
    for (const [pattern, words] of patterns) {
      const match = name.match(pattern);
      if (match) return words(match);
    }
    return {
      POOL_DONE: "settles the dice pool", SPEND_HONOR: "spends a point of honour", CALM: "declares calm",
      GARDE: "declares garde", FRAPPE: "declares frappe", SURPRISE: "declares surprise", ROLL: "rolls",
      DUEL_DRAW: "spares the loser (a draw)", SAVE: "spends honour to survive", ACCEPT_DEATH: "accepts death",
      ABSORB: "has a vassal take the wound", NO_ABSORB: "takes the wound", PROTECT: "protects",
      NO_PROTECT: "does not protect", CONTINUE: "fights on", STOP: "stops", SEPPUKU: "commits seppuku",
      NO_SEPPUKU: "refuses seppuku", FORFEIT: "forfeits (the bot failed)",
    }[name] || humanize(name);
  }

  const END_REASONS = { scenes_played: "every scene was played", last_standing: "fewer than two samurai can fight",
    forfeit: "a forfeit" };

  function describeEvent(event, context) {
    const a = participantName(event.a, context);
    const b = participantName(event.b, context);
    switch (event.event) {
      case "scene": return `Scene ${event.a + 1} begins (${["duel", "frappe", "massacre"][event.amount] || "a scene"}).`;
      case "honor": return event.amount >= 0 ? `${context.seatName(event.a)} gains ${event.amount} honour.`
        : `${context.seatName(event.a)} spends ${-event.amount} honour.`;
      case "pool": return event.b >= 0
        ? `Dice pools: ${a} has ${event.amount}, ${b} has ${event.extra}.` : `${a} has a pool of ${event.amount} dice.`;
      case "invoke_wound": return `${a} invokes a rank ${event.amount} wound of ${b}.`;
      case "declare": return `${a} declares ${event.declaration}.`;
      case "target": return `${a} targets ${b}.`;
      case "wager": return `${a} wagers ${event.amount}.`;
      case "roll": return `${a} rolls ${event.extra} dice: ${event.amount}.`;
      case "privilege": return event.a >= 0
        ? `${a} wins the risk; the wagers kept are ${event.amount} and ${event.extra}.`
        : `Nobody wins the risk; the wagers kept are ${event.amount} and ${event.extra}.`;
      case "wound": return `${a} takes a rank ${event.amount} wound from ${b}.`;
      case "absorb": return `${a} takes the rank ${event.amount} wound meant for ${b}.`;
      case "death": return event.b >= 0 ? `${a} dies at the hand of ${b}.` : `${a} dies.`;
      case "save": return `${a} spends honour and survives with a rank ${event.amount} wound.`;
      case "glory": return `${context.seatName(event.a)} earns ${event.amount} glory.`;
      case "draw": return `${a} spares ${b}: the risk is a draw.`;
      case "protect": return `${a} protects ${b}.`;
      case "continue": return event.amount ? `${a} fights on.` : `${a} stops.`;
      case "seppuku": return event.amount ? `${a} commits seppuku with honour.` : `${a}'s seppuku fails.`;
      case "heal": return event.amount > 0 ? `${a}'s rank ${event.b} wound heals to rank ${event.amount}.`
        : `${a}'s rank ${event.b} wound heals.`;
      case "strike": return `${a} strikes ${b} (pass ${event.amount}).`;
      case "strikes": return `${a} has ${event.amount} strike(s).`;
      case "surprised": return `${a} is surprised by ${b}.`;
      case "end": return `The match ends: ${END_REASONS[event.reason] || humanize(event.reason)}.`;
      default: return null;
    }
  }

  window.ReplayRenderers.register("risques", {
    render,
    describeAction,
    describeEvent: (event, context) => describeEvent(event, { ...context, view: context.view }),
  });
})();
