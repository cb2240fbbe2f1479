/* Risques' replay renderer: the samurai (wounds, glory, reputations, honour), the participants of
   the scene (pools, wagers, rolls; a secret choice only where the perspective saw it), the risk
   under way, and each step's events in words.  Views are engine_ext/risques/views.py's. */
(() => {
  "use strict";

  const { humanize, element } = window.ReplayPlayer;
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

  function wounds(counts) {
    const entries = Object.entries(counts || {});
    if (!entries.length) return "none";
    return entries.map(([rank, n]) => `rank ${rank}${n > 1 ? ` ×${n}` : ""}`).join(", ");
  }

  function secretText(entry) {
    if (!("secret" in entry)) return "";
    if (entry.secret === null) return "a hidden choice";
    return `chose ${entry.secret.choice} (${entry.secret.phase})`;
  }

  function render(board, view, context) {
    context = { ...context, view };
    const risk = view.risk.kind
      ? ` · risk: ${humanize(view.risk.kind)}, ${participantName(view.risk.a, context)}`
        + (view.risk.b !== null ? ` against ${participantName(view.risk.b, context)}` : "")
        + (view.risk.winner !== null ? ` · won by ${participantName(view.risk.winner, context)}` : "")
      : "";
    const status = element("p", { class: "replay-status" },
      `${humanize(view.mode)} · scene ${Math.min(view.scene + 1, view.scenes)} of ${view.scenes} · `
      + (view.phase === "game_over" ? "the match is over" : `phase: ${humanize(view.phase)}`)
      + (view.to_act.length ? ` · to act: ${view.to_act.map(context.seatName).join(", ")}` : "") + risk);
    const honour = element("p", { class: "replay-piles muted" }, view.honor_pool === "shared"
      ? `Shared honour reserve: ${view.shared_honor}` : "Each samurai keeps his own honour.");
    if (view.you && view.you.acting_as) honour.append(` · this seat acts as ${participantLabel(view.you.acting_as, context)}`);

    const samurai = element("table", { class: "replay-table" },
      element("thead", {}, element("tr", {}, ...["Seat", "Samurai", "State", "Wounds", "Glory", "Reputations",
        "Honour", "Score"].map((title, i) => element("th", [4, 6, 7].includes(i) ? { class: "num" } : {}, title)))),
      element("tbody", {}, ...view.seats.map((seat, index) => element("tr",
        { "data-seat": String(index), class: view.to_act.includes(index) ? "replay-to-act" : "" },
        element("td", {}, context.seatName(index) + (view.seat === index ? " — this perspective" : "")),
        element("td", {}, `${seat.name} (${seat.clan}, ${seat.role}, ${seat.weapon})`),
        element("td", {}, !seat.alive ? "dead" : (seat.able_to_fight ? "fights" : "out of the fight")
          + (seat.protected ? ", protected" : "") + (seat.dignified ? ", dignified" : "")),
        element("td", {}, wounds(seat.wounds)),
        element("td", { class: "num" }, String(seat.glory)),
        element("td", {}, seat.reputations.map((r) => `${r.name} ${r.points} (rank ${r.rank})`).join("; ") || "—"),
        element("td", { class: "num" }, seat.honor === null ? "shared" : String(seat.honor)),
        element("td", { class: "num" }, String(seat.score))))));

    const shown = view.participants.filter((p) => p.in_scene || p.to_decide || "secret" in p
      || p.pool || p.wager || p.roll);
    const participants = element("table", { class: "replay-table" },
      element("thead", {}, element("tr", {}, ...["In the scene", "Pool", "Wager", "Roll", "Kept", "Target",
        "Choice", ""].map((title, i) => element("th", [1, 2, 3, 4].includes(i) ? { class: "num" } : {}, title)))),
      element("tbody", {}, ...shown.map((p) => element("tr", {},
        element("td", {}, participantLabel(p.participant, context)
          + (p.rank !== undefined ? ` (rank ${p.rank}, of ${context.seatName(p.owner)})` : "")),
        element("td", { class: "num" }, String(p.pool)),
        element("td", { class: "num" }, String(p.wager)),
        element("td", { class: "num" }, String(p.roll)),
        element("td", { class: "num" }, String(p.kept)),
        element("td", {}, p.target === null ? "—" : participantName(p.target, context)),
        element("td", {}, secretText(p)),
        element("td", { class: "muted" }, [p.to_decide ? "to decide" : "", p.on_guard ? "on guard" : "",
          p.strikes_left ? `${p.strikes_left} strike(s) left` : ""].filter(Boolean).join(", "))))));

    board.replaceChildren(status, honour, element("div", { class: "table-scroll" }, samurai),
      element("h3", {}, "Participants"), element("div", { class: "table-scroll" }, participants));
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
