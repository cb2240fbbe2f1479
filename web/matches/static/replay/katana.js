/* Katana's replay renderer: the table (characters, resilience, honour, hands, roles, permanents),
   whose turn and phase, and each step's events in words.  Views are engine_ext/katana_views.py's. */
(() => {
  "use strict";

  const { humanize, element } = window.ReplayPlayer;
  const card = (key) => (key ? humanize(key) : "a hidden card");
  const cards = (counts) => Object.entries(counts || {})
    .map(([key, n]) => (n > 1 ? `${card(key)} ×${n}` : card(key))).join(", ");

  function handOf(view, seat) {
    if (view.seats[seat].hand) return view.seats[seat].hand;   // everything
    if (view.seat === seat && view.you) return view.you.hand;   // the seat's own view
    return null;
  }

  function pendingText(view, context) {
    const pending = view.pending;
    if (!pending) return "";
    switch (view.phase) {
      case "parry_choice":
        return `${context.seatName(pending.target)} must parry ${card(pending.card)} from `
          + `${context.seatName(pending.attacker)} or take ${pending.damage} damage`;
      case "choose_target":
        return `${context.seatName(pending.by)} chooses a target for ${card(pending.card)}`;
      case "geisha_choice":
        return `${context.seatName(pending.by)} chooses what the Geisha takes from ${context.seatName(pending.target)}`;
      case "battlecry": case "jujitsu":
        return `every other seat answers ${card(pending.card)} from ${context.seatName(pending.by)}`;
      case "draw_choice":
        return `${pending.draws} card(s) still to draw`;
      case "bushido_choice":
        return `the Code du Bushido flipped ${card(pending.card)}`;
      default:
        return "";
    }
  }

  function render(board, view, context) {
    const header = element("p", { class: "replay-status" });
    const turn = `Turn ${view.turn_number}: ${context.seatName(view.turn)}'s turn`;
    const phase = view.phase === "game_over" ? "the game is over" : `phase: ${humanize(view.phase)}`;
    const waiting = view.to_act.length ? ` · to act: ${view.to_act.map(context.seatName).join(", ")}` : "";
    header.textContent = `${turn} · ${phase}${waiting}`;
    const pending = pendingText(view, context);
    const piles = element("p", { class: "replay-piles muted" },
      `Draw pile: ${view.draw_pile} cards · discard pile: ${view.discard_pile.length} cards`
      + (view.discard_pile.length ? ` (top: ${card(view.discard_pile[view.discard_pile.length - 1])})` : "")
      + ` · weapons played this turn: ${view.weapons_played} of ${view.weapon_limit}`
      + (pending ? ` · ${pending}` : ""));

    const rows = view.seats.map((seat, index) => {
      const hand = handOf(view, index);
      const marks = [];
      if (index === view.turn) marks.push("turn");
      if (view.to_act.includes(index)) marks.push("to act");
      if (index === view.bushido_holder) marks.push("Bushido");
      if (seat.harmless) marks.push("harmless");
      const role = seat.role ? humanize(seat.role) + (index === view.seat && view.you && view.you.stars
        ? ` (${view.you.stars}★)` : (seat.stars ? ` (${seat.stars}★)` : "")) : "unknown";
      const row = element("tr", { "data-seat": String(index), class: marks.includes("to act") ? "replay-to-act" : "" },
        element("td", {}, context.seatName(index) + (view.seat === index ? " — this perspective" : "")),
        element("td", {}, humanize(seat.character)),
        element("td", {}, role),
        element("td", { class: "num" }, `${seat.resilience} / ${seat.max_resilience}`),
        element("td", { class: "num" }, String(seat.honor)),
        element("td", { class: "num" }, String(seat.hand_size)),
        element("td", { class: "replay-hand" }, hand === null ? "hidden" : (cards(hand) || "empty")),
        element("td", {}, cards(seat.permanents) || "—"),
        element("td", { class: "muted" }, marks.join(", ")));
      return row;
    });
    const table = element("table", { class: "replay-table" },
      element("thead", {}, element("tr", {}, ...["Seat", "Character", "Role", "Resilience", "Honour", "Cards",
        "Hand", "In play", ""].map((title, i) => element("th", [3, 4, 5].includes(i) ? { class: "num" } : {}, title)))),
      element("tbody", {}, ...rows));
    board.replaceChildren(header, piles, element("div", { class: "table-scroll" }, table));
  }

  function describeAction(frame) {
    const name = frame.action;
    const play = name.match(/^PLAY_(.+)$/);
    if (play) return `plays ${card(play[1].toLowerCase())}`;
    const target = name.match(/^TARGET_SEAT_(\d+)$/);
    if (target) return `targets seat ${target[1]}`;
    const parry = name.match(/^PARRY_WITH_(.+)$/);
    if (parry) return `parries with ${card(parry[1].toLowerCase())}`;
    const discard = name.match(/^DISCARD_(.+)$/);
    if (discard) return `discards ${card(discard[1].toLowerCase())}`;
    const geisha = name.match(/^GEISHA_(.+)$/);
    if (geisha && name !== "GEISHA_HAND") return `has the Geisha take ${card(geisha[1].toLowerCase())}`;
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
      case "draw": return event.card ? `${who} draws ${card(event.card)}.` : `${who} draws a card.`;
      case "take_discard": return `${who} takes ${card(event.card)} from the discard pile.`;
      case "reshuffle": return `The discard pile is shuffled into a new draw pile of ${event.amount} cards.`;
      case "flip": return `${who} flips ${card(event.card)} for the Code du Bushido.`;
      case "bushido_pass": return `${who} passes the Code du Bushido to ${whom}.`;
      case "play": return `${who} plays ${card(event.card)}.`;
      case "target": return `${who} targets ${whom} with ${card(event.card)}.`;
      case "parry": return `${who} parries the attack of ${whom} with ${card(event.card)}.`;
      case "damage": return `${who} deals ${event.amount} damage to ${whom}.`;
      case "defeat": return `${who} defeats ${whom}.`;
      case "honor": return event.amount >= 0
        ? `${who} gains ${event.amount} honour point${event.amount === 1 ? "" : "s"}.`
        : `${who} loses ${-event.amount} honour point${event.amount === -1 ? "" : "s"}.`;
      case "steal": return event.card ? `${who} takes ${card(event.card)} from ${whom}.`
        : `${who} takes a card from ${whom}.`;
      case "discard": return `${who} discards ${card(event.card)}.`;
      case "permanent_lost": return `${whom} loses ${card(event.card)} from play.`;
      case "heal": return `${who} heals: ${event.amount} resilience.`;
      case "nobunaga": return `${who} pays ${event.amount} resilience to draw a card (Nobunaga).`;
      case "end": return `The game ends: ${END_REASONS[event.reason] || humanize(event.reason)}.`;
      default: return null;
    }
  }

  window.ReplayRenderers.register("katana", { render, describeEvent, describeAction });
})();
