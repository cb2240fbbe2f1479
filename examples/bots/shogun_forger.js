#!/usr/bin/env node
// A Shōgun no Katana starter bot in JavaScript (Node.js, no packages): the same plan as
// shogun_forger.py. It forges the line where most swords can move, buys what its swords need
// next, delivers whatever is finished and takes new orders when its forge has room.
// It speaks the arena's protocol itself (docs/bots/protocol.md): one JSON object per line.
// Observation fields and action names: docs/bots/shogun.md.
//
// Run it:   arena match shogun examples/bots/shogun_forger.js random random
// Check it: arena validate shogun examples/bots/shogun_forger.js
"use strict";
const readline = require("readline");

const RESOURCES = ["laque", "bois", "acier", "galuchat"];  // the forge's rows, top to bottom
const LETTERS = "lbag";                                     // a tile's key spells its composition
const PRICE = { laque: 4, bois: 1, acier: 2, galuchat: 3 };
// free decisions taken whenever they are offered, in this order
const EAGER = ["DELIVER_", "COLLECT_", "MOVE_", "SWAP_", "COMPOSE_", "KATANA", "DRAFT_", "HONOUR_"];

let names = [];   // the name of every action id, from the start message
let seat = 0;

// The resource a sword needs next, or null (a finished sword, or the katana).
function nextResource(sword) {
  if (sword.tile === "katana" || sword.complete) return null;
  return RESOURCES[LETTERS.indexOf(sword.tile[sword.placed])];
}

// Resources the swords need next that the stock lacks, cheapest first.
function wanted(me) {
  const need = {};
  for (const sword of me.forge) {
    const resource = nextResource(sword);
    if (resource) need[resource] = (need[resource] || 0) + 1;
  }
  return Object.keys(need).filter((r) => need[r] > me.stock[r]).sort((a, b) => PRICE[a] - PRICE[b]);
}

// A placement on the turn: a forge line with swords that can move, the market, a new order...
function place(me, named) {
  const movable = {};
  for (const sword of me.forge) {
    const resource = nextResource(sword);
    if (resource && me.stock[resource] > 0) {
      for (const line of ["ROW_" + sword.cell[1], "COL_" + sword.cell[3]]) {
        movable[line] = (movable[line] || 0) + 1;
      }
    }
  }
  const lines = Object.keys(movable).sort((a, b) => movable[b] - movable[a]);
  if (lines.length && ("WORKER_" + lines[0]) in named) return named["WORKER_" + lines[0]];
  if (wanted(me).length && me.coins >= 2 && "WORKER_MARKET" in named) return named.WORKER_MARKET;
  if (me.forge.length < 3) {
    const space = Object.keys(named).find((n) => n.startsWith("WORKER_SPACE_"));
    if (space) return named[space];
  }
  for (const name of ["WORKER_KOMAINU", "WORKER_ACADEMY", "WORKER_PALACE"]) {
    if (name in named) return named[name];
  }
  return "PASS" in named ? named.PASS : Object.values(named)[0];
}

function act(observation, legal) {
  const named = {};
  for (const action of legal) named[names[action]] = action;
  const me = observation.seats[seat];
  for (const prefix of EAGER) {
    const found = Object.keys(named).find((n) => n.startsWith(prefix));
    if (found) return named[found];
  }
  const phase = observation.phase;
  if (phase === "turn") return place(me, named);
  if (phase === "market_buy") {
    for (const resource of wanted(me)) {
      const name = "PURCHASE_" + resource.toUpperCase();
      if (name in named) return named[name];
    }
  }
  if (phase === "resolve_cards") {
    const discard = Object.keys(named).find((n) => n.startsWith("DISCARD_"));
    if (discard) return named[discard];
  }
  if ("DONE" in named) return named.DONE;
  return legal[0];
}

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") {
    names = message.action_names;
    seat = message.seat;
    console.error(`seat ${seat} of ${message.players} in ${message.game}`);  // stderr: the log
    send({ type: "ready" });
  } else if (message.type === "act") {
    send({ type: "action", action: act(message.observation, message.legal_actions) });
  } else if (message.type === "end" || message.type === "error") {
    process.exit(0);
  }
});
