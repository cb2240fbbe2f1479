/* A person's seat at a table: the table drawn by the game's replay renderer from the seat's own
   observation, the seat's legal actions as buttons (and on the picture where it names a seat, a
   participant, a territory or a card of the seat's), the events in words, whose turn it is.

   It asks the tables API for the seat's state (GET data-state-url?since=&after=) and sends a move
   (POST data-move-url {decision, action, since}), whose answer is the state once the game took it
   and the bots answered.  While others decide it asks again every POLL_OTHERS_MS, so that the bots'
   moves appear as they are played.  The renderer is the one the replay viewer uses, called as
   replay/table.js says a seat's page calls it. */
(() => {
  "use strict";

  const POLL_OTHERS_MS = 250;      // others are deciding: their moves appear as they are played
  const POLL_MINE_MS = 3000;       // my decision: only to notice a forfeit or a stop
  const POLL_WAITING_MS = 1500;    // seats still open
  const POLL_STARTING_MS = 400;    // every seat taken: the worker starts the game in a moment
  const EVENTS_KEPT = 300;

  const { humanize, context: tableContext } = window.ReplayTable;

  /* Where a legal action may be on the picture the renderer drew (its parts carry data attributes,
     replay/table.js): the selectors to try, in order; the first that finds exactly one element
     makes that element a second way to take the action. */
  function onThePicture(entry, me, labels) {
    const value = CSS.escape(entry.label);
    // a renderer that names the action on a part of its picture (Shōgun: a space, a sword, a cell)
    const found = [`[data-action-name="${CSS.escape(entry.name)}"]`];
    if (/^\d+$/.test(entry.label) && (/SEAT/.test(entry.block) || entry.block === "PLAYER")) {
      found.push(`[data-seat="${value}"]`);
    }
    if (entry.block === "TARGET") {   // Risques: a participant is its label's index in the block
      found.push(`[data-participant="${(labels[entry.block] || []).indexOf(entry.label)}"]`);
    }
    if (entry.block === "TERRITORY") found.push(`[data-territory="${value}"]`);
    found.push(`[data-seat="${me}"] [data-card="${value}"]`);   // a card of the seat's own
    return entry.label ? found : found.slice(0, 1);
  }

  class TablePage {
    constructor(root) {
      this.root = root;
      this.game = root.dataset.game;
      this.seat = Number(root.dataset.seat);
      this.renderer = window.ReplayRenderers.get(this.game) || window.ReplayRenderers.get("*");
      this.seatNames = JSON.parse(document.getElementById("replay-seat-names").textContent);
      this.labels = JSON.parse(document.getElementById("replay-action-labels").textContent);
      const board = document.getElementById("replay-board-data");   // a map's geometry (Samouraï)
      this.board = board ? JSON.parse(board.textContent) : null;
      const components = document.getElementById("replay-components");   // what cards say
      this.components = components ? JSON.parse(components.textContent) : {};
      this.el = Object.fromEntries(["turn", "actions", "board", "events"].map(
        (id) => [id, document.getElementById(`table-${id}`)]));
      this.version = null;
      this.events = 0;
      // What the page was shown, update by update, as the replay viewer's frames (a renderer may look
      // back through their events, e.g. for the battle under way): the last one is the current step.
      this.frames = [{ seat: null, action: null, events: [] }];
      this.state = null;
      this.timer = null;
      this.clock = null;
      this.sending = false;
    }

    seatName(seat) {
      if (seat === null || seat === undefined) return "nobody";
      const name = this.seatNames[seat];
      return name ? `seat ${seat} (${name})` : `seat ${seat}`;
    }

    context(state) {
      const step = this.frames.length - 1;
      const context = tableContext({
        view: state.view, perspective: this.seat, step, frame: this.frames[step],
        frames: { game: this.game, players: this.seatNames.length, perspective: this.seat, steps: step,
          frames: this.frames },
        seatName: (seat) => this.seatName(seat), actionLabels: this.labels, components: this.components,
        board: this.board,
      });
      // the seat's legal actions, for a renderer that draws them on its picture
      const mine = state.decision !== null && state.decision !== undefined && !state.over;
      context.legal = mine && state.legal ? state.legal : null;
      return context;
    }

    schedule(ms) {
      window.clearTimeout(this.timer);
      this.timer = window.setTimeout(() => this.poll(), ms);
    }

    async poll() {
      if (this.sending) return;
      const query = new URLSearchParams({ since: String(this.events) });
      if (this.version !== null) query.set("after", String(this.version));
      try {
        const response = await fetch(`${this.root.dataset.stateUrl}?${query}`,
          { headers: { Accept: "application/json" }, credentials: "same-origin" });
        const body = await response.json();
        if (!response.ok) throw new Error(body.detail || `the server answered ${response.status}`);
        if (!this.sending) this.show(body);
      } catch (error) {
        this.el.turn.textContent = `The table could not be read (${error.message}); trying again…`;
        this.schedule(POLL_WAITING_MS);
      }
    }

    async move(entry) {
      if (this.sending || !this.state) return;
      this.sending = true;
      window.clearTimeout(this.timer);
      for (const button of this.el.actions.querySelectorAll("button")) button.disabled = true;
      this.root.dataset.sent = String(this.state.decision);
      try {
        const response = await fetch(this.root.dataset.moveUrl, {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json",
            "X-CSRFToken": this.root.dataset.csrf },
          body: JSON.stringify({ decision: this.state.decision, action: String(entry.id), since: this.events }),
        });
        const body = await response.json();
        this.sending = false;
        if (!response.ok) {
          this.el.turn.textContent = `Your move was refused: ${body.detail || response.status}`;
          this.version = null;   // read the whole state again
          this.schedule(POLL_OTHERS_MS);
          return;
        }
        this.show(body);
      } catch (error) {
        this.sending = false;
        this.el.turn.textContent = `Your move could not be sent (${error.message}); reading the table again…`;
        this.version = null;
        this.schedule(POLL_WAITING_MS);
      }
    }

    show(state) {
      this.root.dataset.phase = state.phase;
      if (state.unchanged) {
        this.schedule(this.nextPoll(this.state || state));
        return;
      }
      if (state.view === undefined) {
        this.showWaiting(state);
        return;
      }
      const fresh = (state.events || []).slice(Math.max(0, this.events - state.events_from));
      this.state = state;
      this.version = state.version;
      this.events = state.events_total;
      if (fresh.length || state.last_seat !== this.frames[this.frames.length - 1].seat) {
        this.frames.push({ seat: state.last_seat, action: null, events: fresh });
      }
      const context = this.context(state);
      this.renderer.render(this.el.board, state.view, context);
      this.addEvents(fresh, context, state.last_seat);
      this.showActions(state);
      this.showTurn(state);
      this.root.dataset.version = String(state.version);
      this.root.dataset.decision = state.decision === null ? "" : String(state.decision);
      this.root.dataset.over = state.over ? "true" : "false";
      this.root.dataset.stored = state.result ? "true" : "false";
      if (!(state.phase === "finished" && (state.result || state.error))) this.schedule(this.nextPoll(state));
    }

    nextPoll(state) {
      if (state.phase === "waiting_for_people") return POLL_WAITING_MS;
      if (state.phase !== "playing" && state.phase !== "finished") return POLL_STARTING_MS;
      if (state.decision !== null && state.decision !== undefined && !state.over) return POLL_MINE_MS;
      return POLL_OTHERS_MS;
    }

    showWaiting(state) {
      const words = {
        waiting_for_people: "Waiting for people to take the open seats: share the table's link.",
        waiting_for_worker: "Every seat is taken: the game is starting…",
        playing: "The game is starting…",
        finished: "The game is over.",
        cancelled: "This table was cancelled.",
      };
      this.el.turn.textContent = state.error ? `The game stopped: ${state.error}` : (words[state.phase] || state.phase);
      if (state.phase === "playing" && state.match && !this.root.dataset.matchUrl) {
        this.root.dataset.matchUrl = `/matches/${state.match}/`;
      }
      if (state.phase !== "cancelled") {
        this.schedule(state.phase === "waiting_for_people" ? POLL_WAITING_MS : POLL_STARTING_MS);
      }
    }

    addEvents(fresh, context, lastSeat) {
      if (fresh.length === 0) return;
      const items = fresh.map((event) => {
        const item = document.createElement("li");
        const sentence = this.renderer.describeEvent(event, context);
        item.textContent = sentence || `${humanize(event.event || "event")}: ${JSON.stringify(event)}`;
        return item;
      });
      this.el.events.append(...items);
      while (this.el.events.children.length > EVENTS_KEPT) this.el.events.firstElementChild.remove();
      this.el.events.scrollTop = this.el.events.scrollHeight;
      if (lastSeat !== null && lastSeat !== undefined) this.root.dataset.lastSeat = String(lastSeat);
    }

    label(entry) {
      if (this.renderer.labelAction && this.state) return this.renderer.labelAction(entry, this.state.view, this.context(this.state));
      if (!entry.label) return humanize(entry.name);
      const seatLabel = /SEAT/.test(entry.block) && /^\d+$/.test(entry.label);
      const what = seatLabel ? this.seatName(Number(entry.label)) : humanize(entry.label);
      return `${humanize(entry.block)}: ${what}`;
    }

    showActions(state) {
      const mine = state.decision !== null && state.decision !== undefined && !state.over && state.legal.length;
      if (!mine) {
        this.el.actions.replaceChildren();
        return;
      }
      // A renderer may name its actions in words (labelAction) and gather them under a heading of
      // its own (actionGroup: {group, short}, e.g. "Place a worker at:" "the Market"); otherwise they
      // are gathered by their block of the action table.
      const renderer = this.renderer;
      const context = renderer.labelAction || renderer.actionGroup ? this.context(state) : null;
      const groups = new Map();
      for (const entry of state.legal) {
        const grouped = renderer.actionGroup ? renderer.actionGroup(entry, state.view, context) : null;
        const key = grouped ? `group:${grouped.group}` : `block:${entry.block}`;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push({ entry, grouped });
      }
      const nodes = [];
      for (const items of groups.values()) {
        const { entry: first, grouped } = items[0];
        const named = items.length > 1 && (grouped || (first.label && !renderer.labelAction));
        const buttons = items.map(({ entry, grouped: own }) => {
          const button = document.createElement("button");
          button.type = "button";
          button.className = "table-action";
          button.dataset.action = entry.name;
          const words = renderer.labelAction ? renderer.labelAction(entry, state.view, context) : null;
          button.title = words || entry.name;
          button.textContent = named ? (own ? own.short : this.shortLabel(entry)) : (words || this.label(entry));
          button.addEventListener("click", () => this.move(entry));
          return button;
        });
        if (named) {
          const group = document.createElement("div");
          group.className = "table-action-group";
          const name = document.createElement("span");
          name.className = "table-action-group-name";
          name.textContent = `${grouped ? grouped.group : humanize(first.block)}:`;
          group.append(name, ...buttons);
          nodes.push(group);
        } else {
          nodes.push(...buttons);
        }
      }
      this.el.actions.replaceChildren(...nodes);
      this.markBoard(state.legal);
    }

    markBoard(legal) {
      const seen = new Map();
      for (const entry of legal) {
        let target = null;
        for (const selector of onThePicture(entry, this.seat, this.labels)) {
          const found = this.el.board.querySelectorAll(selector);
          if (found.length === 1) { target = found[0]; break; }
        }
        if (!target) continue;
        if (seen.has(target)) { seen.set(target, null); continue; }   // two actions: the buttons decide
        seen.set(target, entry);
      }
      for (const [target, entry] of seen) {
        if (!entry) continue;
        target.classList.add("table-board-choice");
        target.setAttribute("role", "button");
        target.setAttribute("tabindex", "0");
        target.setAttribute("aria-label", this.label(entry));
        target.dataset.action = entry.name;
        target.addEventListener("click", (event) => { event.stopPropagation(); this.move(entry); });
        target.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            event.stopPropagation();
            this.move(entry);
          }
        });
      }
    }

    shortLabel(entry) {
      const seatLabel = /SEAT/.test(entry.block) && /^\d+$/.test(entry.label);
      return seatLabel ? this.seatName(Number(entry.label)) : humanize(entry.label);
    }

    showTurn(state) {
      window.clearInterval(this.clock);
      this.el.turn.classList.toggle("table-yours", Boolean(state.decision) && !state.over);
      if (state.error) {
        this.el.turn.textContent = `The game stopped: ${state.error}`;
        return;
      }
      if (state.over) {
        this.el.turn.textContent = this.outcome(state);
        if (state.result && this.root.dataset.matchUrl) {
          const link = document.createElement("a");
          link.href = this.root.dataset.matchUrl;
          link.id = "table-replay-link";
          link.textContent = " See the replay.";
          this.el.turn.append(link);
        }
        return;
      }
      if (state.status !== "ok") {
        this.el.turn.textContent = `Your seat is out of the game (${state.reason}); the others play on.`;
        return;
      }
      if (state.decision) {
        const tick = () => {
          const left = Math.max(0, Math.round(state.deadline - Date.now() / 1000));
          const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
          this.el.turn.textContent = `Your turn: choose an action (${clock} left).`;
        };
        tick();
        this.clock = window.setInterval(tick, 1000);
        return;
      }
      const deciding = state.to_act.map((seat) => this.seatName(seat)).join(", ");
      this.el.turn.textContent = `Waiting for ${deciding || "the game"}…`;
    }

    outcome(state) {
      if (!state.result) return "The game is over; it is being stored…";
      const result = state.result;
      const forfeited = state.status !== "ok" ? ` (your seat forfeited: ${state.reason})` : "";
      return `The game is over. ${this.standing(result)}${forfeited}.`;
    }

    // The person's standing in words: against the ghost the two scores side by side (the ghost holds
    // a place in ``ranks`` but no seat), otherwise the place among the seats and who won.
    standing(result) {
      const ranks = result.ranks || [];
      const rank = ranks[this.seat];
      const score = result.scores ? result.scores[this.seat] : null;
      const ghost = (result.automata || [])[0];
      if (ghost) {
        const verdict = rank === 1 ? "you won" : "you lost";
        return `You scored ${score}, the ghost ${ghost.score}: ${verdict}`;
      }
      const points = score !== null && score !== undefined ? ` with ${score} points` : "";
      const place = rank === 1 ? "You won" : `You finished ${ordinal(rank)} of ${ranks.length}`;
      if (result.team_scores && result.teams) {
        const team = result.teams[this.seat];
        const winner = Array.isArray(result.winner) ? result.winner[0] : result.winner;
        const teamWords = `your team is the ${humanize(team)}; the ${humanize(winner)} team won`;
        return `${place}${points} (${teamWords})`;
      }
      const winners = ranks.map((r, seat) => (r === 1 ? seat : null)).filter((seat) => seat !== null);
      if (rank === 1 || !winners.length) return `${place}${points}`;
      const names = winners.map((seat) => this.seatName(seat)).join(" and ");
      return `${place}${points}; ${names.charAt(0).toUpperCase()}${names.slice(1)} won`;
    }
  }

  function ordinal(n) {
    const tens = n % 100;
    if (tens >= 11 && tens <= 13) return `${n}th`;
    return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;
  }

  document.addEventListener("DOMContentLoaded", () => {
    const root = document.getElementById("table-play");
    if (root) new TablePage(root).poll();
  });
})();
