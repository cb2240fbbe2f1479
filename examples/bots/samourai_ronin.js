#!/usr/bin/env node
// A Samouraï et Katana starter bot in JavaScript: it buys samurai, spreads into free territories,
// attacks weak neighbours with a big stack and fights with its best cards.
// It speaks the arena's protocol itself (docs/bots/protocol.md): one JSON object per line.
// Observation fields and action names: docs/bots/samourai.md.
//
//   arena match samourai examples/bots/samourai_ronin.js random random --seed 3
"use strict";
const readline = require("readline");

// Combat values of the cards (engine_ext/samourai/data.py): the higher, the better in a battle.
const VALUES = {
  ashigaru: 1, samourai: 2, archers: 2, cavaliers: 3, arquebusiers: 3, hatamoto: 4, gunbai: 3, nobori: 2,
  alliance: 2, ronin: 2, embuscade: 3, ikko_ikki: 5, hokke: 4, nichiren: 4, ceremonie_du_the: 5, theatre_no: 3,
  affront: 2, complot: 3, commerce_nanban: 3, ninja: 5, justice_shogunale: 5, tsunami: 4, terre_brulee: 4, wako: 3,
};
const FANS = ["COMMIT_GUNBAI", "COMMIT_NOBORI", "COMMIT_RONIN"];   // blue cards that add to the total
const GAINS = ["PLAY_COMMERCE_NANBAN", "PLAY_THEATRE_NO", "PLAY_CEREMONIE_DU_THE"];  // pay at once

let names = [];
let seat = 0;
let turn = null;        // this activation turn: origins already used up, the move being made
let move = null;

const lines = readline.createInterface({ input: process.stdin });
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

function decide(observation, legal) {
  const named = new Map(legal.map((id) => [names[id], id]));
  const step = observation.pending.step;
  const me = observation.seats[seat];
  const board = new Map(observation.territories.map((t) => [t.key, t]));
  const territory = (name) => board.get(name.slice("TERRITORY_".length).toLowerCase());
  const pick = (...choices) => choices.map((c) => named.get(c)).find((id) => id !== undefined);

  switch (step) {
    case "setup_place":
    case "buy_where": {
      // our largest stack grows: it is the one that attacks
      let best = legal[0];
      for (const id of legal) if (territory(names[id]).samurai > territory(names[best]).samurai) best = id;
      return best;
    }
    case "name_next": {
      const others = legal.filter((id) => names[id] !== `PLAYER_${seat}`);
      return others.length ? others[0] : legal[0];     // ourselves last
    }
    case "purchase":
      if (me.koku > 2 && named.has("BUY_SAMURAI")) return named.get("BUY_SAMURAI");
      turn = null;
      return named.get("END_TURN");
    case "activate": {
      if (turn === null || turn.round !== observation.round) turn = { round: observation.round, used: new Set() };
      const gain = pick(...GAINS);
      if (gain !== undefined) return gain;
      if (named.has("MOVE") && observation.moves_this_turn < 8) return named.get("MOVE");
      turn = null;
      return named.get("END_TURN");
    }
    case "move_from": {
      const fresh = legal.filter((id) => !turn || !turn.used.has(names[id]));
      const options = fresh.length ? fresh : legal;
      let best = options[0];
      for (const id of options) if (territory(names[id]).samurai > territory(names[best]).samurai) best = id;
      move = { from: territory(names[best]) };
      if (turn) turn.used.add(names[best]);
      return best;
    }
    case "move_to": {
      const stack = move ? move.from.samurai : 1;
      const cards = Object.values(observation.you.hand).reduce((a, b) => a + b, 0);
      let free = null;
      let weak = null;
      let own = null;
      for (const id of legal) {
        const t = territory(names[id]);
        if (t.owner === null) free = free ?? id;
        else if (t.owner === seat) own = own ?? id;
        else if (cards >= 2 && stack >= 6 && stack - 1 >= t.samurai + 3 &&
                 (weak === null || t.samurai < territory(names[weak]).samurai)) weak = id;
      }
      const chosen = weak ?? free ?? own ?? legal[0];
      move.kind = chosen === weak ? "attack" : chosen === free ? "free" : "own";
      return chosen;
    }
    case "move_count": {
      const counts = legal.map((id) => [parseInt(names[id].split("_")[1], 10), id]).sort((a, b) => a[0] - b[0]);
      if (move && move.kind === "attack") return counts[Math.max(0, counts.length - 2)][1];   // all but one
      return counts[0][1];                                                                 // one samurai
    }
    case "commit": {
      if (named.has("NO_SPECIAL")) return pick(...FANS) ?? named.get("NO_SPECIAL");
      let best = legal[0];
      const value = (id) => VALUES[names[id].slice("COMMIT_".length).toLowerCase()] ?? 0;
      for (const id of legal) if (value(id) > value(best)) best = id;
      return best;
    }
    case "castle_taken":
      return pick("REPLACE", "DESTROY");
    default:
      return pick("PASS", "DONE", "REFUSE", "END_TURN") ?? legal[0];
  }
}

lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") {
    names = message.action_names;
    seat = message.seat;
    console.error(`seat ${seat} of ${message.players} in ${message.game}`);   // stderr: the log
    send({ type: "ready" });
  } else if (message.type === "act") {
    send({ type: "action", action: decide(message.observation, message.legal_actions) });
  } else if (message.type === "end" || message.type === "error") {
    process.exit(0);
  }
});
