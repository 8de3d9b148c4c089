'use strict'
/*
 * rulecheck-protocol: the engine protocol's request loop (rulecheck's
 * spec/protocol.md) for an adapter written in Node, with what the rulecheck
 * adapters for npm draughts libraries (fixtures/adapters/node/) share: the spec's squares
 * and PDN FEN, reading a move against the library's legal moves, the actions
 * at the board, finding the installed library, and the protocol's request
 * loop (spec/protocol.md). It is the Node counterpart of the Python
 * helpers (python/rulecheck/protocol.py and fixtures/adapters/spec_protocol.py)
 * and behaves the same way:
 *
 * - Moves are given back with every landing square (`22x15x6`). A move sent
 *   to the adapter is the library's legal move with the same start and end
 *   that captures the pieces standing between the squares it names (or whose
 *   route passes through the squares it names); a move that matches none is
 *   refused as `illegal` (the libraries give no reasons, so the adapters do
 *   not declare `explain`).
 * - A win is reported as `no-pieces` when the loser has no piece left, else
 *   `no-moves`.
 * - Actions at the board are the adapter's, as the libraries have none:
 *   `resign` ends the game, `offer-draw` stands until the other side moves
 *   and `accept-draw` by the other side then ends it as `draw: agreement`;
 *   `claim-draw` and `declare-draw` are refused (`no-draw-claim`,
 *   `no-draw-declaration`). No action is accepted once the game is over.
 * - A request the adapter cannot set up faithfully (`CannotSetUp`) is
 *   answered with `unsupported`, naming what the library lacks, never with a
 *   guess: rulecheck skips the scenario with that reason.
 *
 * Every request is answered; an exception inside the library becomes an
 * `error` response with its message, which rulecheck reports as an engine
 * error for that scenario.
 */
const fs = require('fs')
const path = require('path')
const readline = require('readline')

const SIZE = { english: 8, russian: 8, international: 10 }

/* A request the library cannot be set up for faithfully. */
class CannotSetUp extends Error {}

class Refused extends Error {
  constructor (index, reason) {
    super(reason)
    this.index = index
    this.reason = reason
  }
}

/*
 * The library, from the node_modules folder named by `--modules DIR`, or
 * else as Node finds it from the folders `where` (by default the adapter's
 * own folder, where an `npm install` beside it puts it).
 */
function library (name, where) {
  return require(resolve(name, where))
}

function resolve (name, where) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--modules')
  // A folder named on the command line is the only one looked in, so that
  // a wrong one is an error rather than another install quietly used.
  const dirs = at >= 0
    ? [path.resolve(args[at + 1] || '')]
    : where || [require.main ? path.dirname(require.main.filename) : process.cwd()]
  for (const dir of dirs) {
    try {
      return require.resolve(name, { paths: [dir] })
    } catch (e) {
      if (e.code !== 'MODULE_NOT_FOUND') throw e
    }
  }
  throw new Error(`cannot find the npm package ${name} (looked in ${dirs.join(', ')}): ` +
    'install it beside the adapter, or pass --modules DIR')
}

/* The installed version of a package, from the package.json above its entry point. */
function version (name, where) {
  let dir = path.dirname(resolve(name, where))
  for (;;) {
    const file = path.join(dir, 'package.json')
    if (fs.existsSync(file)) {
      const meta = JSON.parse(fs.readFileSync(file, 'utf8'))
      if (meta.name === name) return meta.version
    }
    const up = path.dirname(dir)
    if (up === dir) throw new Error(`no package.json of ${name} above ${resolve(name, where)}`)
    dir = up
  }
}

// --- squares: a square is [file, rank], file 0 = a, rank 1 = white's first row

function numberToSquare (n, size) {
  const half = size / 2
  if (!Number.isInteger(n) || n < 1 || n > half * size) throw new Error(`square ${n} is not on the board`)
  const row = Math.floor((n - 1) / half) // 0 = the top row (black's side)
  const file = ((n - 1) % half) * 2 + (row % 2 === 0 ? 1 : 0)
  return [file, size - row]
}

function squareToNumber ([file, rank], size) {
  return (size - rank) * (size / 2) + Math.floor(file / 2) + 1
}

/* A square of the spec's notation, numeric (`22`) or algebraic (`c3`), as its number. */
function readSquare (token, size) {
  token = token.trim()
  if (/^\d+$/.test(token)) {
    const n = parseInt(token, 10)
    numberToSquare(n, size)
    return n
  }
  const m = /^([a-z])(\d+)$/i.exec(token)
  if (!m) throw new Error(`'${token}' is not a square`)
  const file = m[1].toLowerCase().charCodeAt(0) - 97
  const rank = parseInt(m[2], 10)
  if (file >= size || rank < 1 || rank > size || (file + rank) % 2 === 0) {
    throw new Error(`'${token}' is not a dark square of the board`)
  }
  return squareToNumber([file, rank], size)
}

// --- positions

/*
 * The spec's PDN FEN: { turn: 'W'|'B', pieces: Map(number -> {colour, king}),
 * counters: { np, nm, eg } }.
 */
function parseFen (text, variant) {
  const size = SIZE[variant]
  const fields = String(text).trim().split(':').map(f => f.trim())
  const turn = fields[0].toUpperCase()
  if (turn !== 'W' && turn !== 'B') throw new Error(`bad side to move in '${text}'`)
  const pieces = new Map()
  const counters = {}
  for (const field of fields.slice(1)) {
    if (!field) continue
    if (field.includes('=')) {
      const [name, value] = field.split('=', 2)
      const n = parseInt(value, 10)
      if (!/^\d+$/.test(value.trim())) throw new Error(`bad counter '${field}' in '${text}'`)
      counters[name.trim().toLowerCase()] = n
      continue
    }
    const colour = field[0].toUpperCase()
    if (colour !== 'W' && colour !== 'B') throw new Error(`bad piece list '${field}' in '${text}'`)
    for (let token of field.slice(1).split(',')) {
      token = token.trim()
      if (!token) continue
      const king = token[0] === 'K' || token[0] === 'k'
      if (king) token = token.slice(1)
      let squares
      if (token.includes('-')) {
        const [lo, hi] = token.split('-', 2).map(t => readSquare(t, size))
        squares = []
        for (let n = lo; n <= hi; n++) squares.push(n)
      } else {
        squares = [readSquare(token, size)]
      }
      for (const n of squares) pieces.set(n, { colour, king })
    }
  }
  return { turn, pieces, counters }
}

function writeFen (turn, pieces, counters = {}) {
  const side = colour => colour + [...pieces.entries()]
    .filter(([, p]) => p.colour === colour)
    .sort(([a], [b]) => a - b)
    .map(([n, p]) => (p.king ? 'K' : '') + n)
    .join(',')
  let text = `${turn}:${side('W')}:${side('B')}`
  for (const [name, value] of Object.entries(counters)) {
    if (value) text += `:${name}=${value}`
  }
  return text
}

/*
 * The pieces standing between consecutive landing squares of a capture, as a
 * sorted list of square numbers (null when a step is not along a diagonal).
 */
function jumpedPieces (squares, pieces, size) {
  const out = new Set()
  for (let i = 0; i + 1 < squares.length; i++) {
    const [f0, r0] = numberToSquare(squares[i], size)
    const [f1, r1] = numberToSquare(squares[i + 1], size)
    if (Math.abs(f1 - f0) !== Math.abs(r1 - r0) || f0 === f1) return null
    const df = f1 > f0 ? 1 : -1
    const dr = r1 > r0 ? 1 : -1
    for (let k = 1; k < Math.abs(f1 - f0); k++) {
      const n = squareToNumber([f0 + k * df, r0 + k * dr], size)
      if (pieces.has(n)) out.add(n)
    }
  }
  return [...out].sort((a, b) => a - b)
}

/*
 * A route for a capture the library gives by its start, end and captured
 * pieces only: landing squares, each the square right behind one captured
 * piece (short kings and men, as in English checkers), found by search. Null
 * when none fits.
 */
function shortRoute (origin, destination, captured, size) {
  const left = new Set(captured)
  const route = [origin]
  const step = at => {
    if (left.size === 0) return at === destination
    const [f, r] = numberToSquare(at, size)
    for (const [df, dr] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      const over = [f + df, r + dr]
      const land = [f + 2 * df, r + 2 * dr]
      if (land[0] < 0 || land[0] >= size || land[1] < 1 || land[1] > size) continue
      const o = squareToNumber(over, size)
      if (!left.has(o)) continue
      const l = squareToNumber(land, size)
      left.delete(o)
      route.push(l)
      if (step(l)) return true
      route.pop()
      left.add(o)
    }
    return false
  }
  return step(origin) ? route : null
}

function win (winner, pieces) {
  const loser = winner === 'white' ? 'B' : 'W'
  const why = [...pieces.values()].some(p => p.colour === loser) ? 'no-moves' : 'no-pieces'
  return `${winner} wins: ${why}`
}

const sameSet = (a, b) => a.length === b.length && a.every((x, i) => x === b[i])

// --- the game

/*
 * A game of one variant, played from its position by the library, with the
 * actions at the board the libraries do not have. A subclass provides
 * `toMove()` ('white' or 'black'), `pieces()` (Map number -> {colour, king}),
 * `legal()` (the legal moves as {path, captured (sorted numbers), move}),
 * `push(entry, index)` (plays one entry of `legal()`), `position()`,
 * `libraryOver()`, `libraryResult()` and, if declared, `perft(depth)`.
 */
class Game {
  constructor (variant) {
    this.variant = variant
    this.ended = null // a result decided by an action at the board
    this.offer = null // the player whose draw offer stands
  }

  result () {
    return this.ended || this.libraryResult()
  }

  over () {
    return this.ended !== null || this.libraryOver()
  }

  moveText (path, captured) {
    return path.join(captured.length ? 'x' : '-')
  }

  playMove (index, text) {
    const size = SIZE[this.variant]
    const capture = /x|:/i.test(text)
    let given
    try {
      given = text.toLowerCase().split(/[-x:]/).filter(t => t).map(t => readSquare(t, size))
    } catch (e) {
      throw new Refused(index, 'illegal')
    }
    if (given.length < 2) throw new Refused(index, 'illegal')
    // A move is its start, end and captured pieces: those of the squares
    // given are the pieces between each landing square and the next. A route
    // the library takes another way round is the same move; a route it lists
    // itself matches too.
    const jumped = capture ? jumpedPieces(given, this.pieces(), size) : []
    const matches = this.legal().filter(({ path, captured }) => {
      if (path[0] !== given[0] || path[path.length - 1] !== given[given.length - 1]) return false
      if ((captured.length > 0) !== capture) return false
      if (jumped && sameSet(captured, jumped)) return true
      let at = 1
      return given.slice(1, -1).every(s => {
        while (at < path.length - 1 && path[at] !== s) at++
        return at++ < path.length - 1
      })
    })
    if (matches.length === 0) throw new Refused(index, 'illegal')
    if (new Set(matches.map(m => m.captured.join(','))).size > 1) throw new Refused(index, 'ambiguous')
    const mover = this.toMove()
    this.push(matches[0], index)
    if (this.offer && this.offer !== mover) this.offer = null
  }

  act (index, action) {
    if (this.over()) throw new Refused(index, 'game-over')
    const words = action.trim().split(/\s+/)
    if (words.length >= 3 && words[1] === 'by') {
      const kind = words[0]
      const player = words.slice(2).join(' ')
      const other = { white: 'black', black: 'white' }[player]
      if (kind === 'resign' && other) {
        this.ended = `${other} wins: resign`
      } else if (kind === 'offer-draw' && other) {
        this.offer = player
      } else if (kind === 'accept-draw' && other) {
        if (this.offer !== other) throw new Refused(index, 'no-draw-offer')
        this.ended = 'draw: agreement'
      } else if (kind === 'claim-draw') {
        throw new Refused(index, 'no-draw-claim')
      } else if (kind === 'declare-draw') {
        throw new Refused(index, 'no-draw-declaration')
      } else {
        throw new Refused(index, 'illegal')
      }
    } else {
      this.playMove(index, action)
    }
  }
}

// --- the protocol

/*
 * What an adapter declares: its name and the library's version, the house
 * rules it supports by variant (its keys are the variants it plays), a
 * function making its Game from (variant, position) and its optional
 * requests.
 */
class Adapter {
  constructor ({ name, version, options, game, capabilities = [] }) {
    this.name = name
    this.version = version
    this.options = options
    this.game = game
    this.capabilities = capabilities
  }

  replay (req, actions = true) {
    const variant = req.variant
    if (!Object.prototype.hasOwnProperty.call(this.options, variant)) {
      throw new Error(`variant ${JSON.stringify(variant)} is not played by this adapter`)
    }
    const declared = this.options[variant]
    for (const [name, value] of Object.entries(req.options || {})) {
      const values = declared[name]
      if (values && !values.includes(value)) {
        throw new Error(`option ${name}=${value} is not played by this adapter (it plays ${values.join(', ')})`)
      }
    }
    const game = this.game(variant, req.position ?? null)
    if (actions) (req.actions || []).forEach((a, i) => game.act(i, a))
    return game
  }

  answer (req) {
    const id = req.id ?? 0
    switch (req.request) {
      case 'hello':
        return {
          id,
          name: this.name,
          version: this.version,
          protocol: 1,
          variants: Object.entries(this.options).map(([v, o]) => ({ id: v, options: o })),
          capabilities: this.capabilities
        }
      case 'quit':
        return { id }
      case 'perft':
        if (!this.capabilities.includes('perft')) break
        return { id, nodes: this.replay(req, false).perft(parseInt(req.depth ?? 0, 10)) }
      case 'moves':
      case 'play': {
        let game
        try {
          game = this.replay(req)
        } catch (e) {
          if (e instanceof Refused) return { id, refused: { index: e.index, reason: e.reason } }
          throw e
        }
        if (req.request === 'moves') {
          return { id, moves: game.over() ? [] : game.legal().map(m => game.moveText(m.path, m.captured)) }
        }
        return { id, position: game.position(), to_move: game.toMove(), result: game.result() }
      }
    }
    return { id, error: `request ${JSON.stringify(req.request)} is not served by this adapter` }
  }
}

/* Answer the requests on standard input, one a line, until `quit` or the end of the input. */
function serve (adapter) {
  const lines = readline.createInterface({ input: process.stdin, terminal: false })
  lines.on('line', line => {
    if (!line.trim()) return
    let req = {}
    let out
    try {
      req = JSON.parse(line)
      if (req === null || typeof req !== 'object' || Array.isArray(req)) throw new Error('a request is a JSON object')
      out = adapter.answer(req)
    } catch (e) {
      if (e instanceof CannotSetUp) {
        out = { id: (req && req.id) ?? 0, unsupported: e.message }
        process.stdout.write(JSON.stringify(out) + '\n')
        return
      }
      // A library crash is an engine error for the scenario, not a hang.
      process.stderr.write(`${e && e.stack ? e.stack : e}\n`)
      out = { id: (req && req.id) ?? 0, error: `${e && e.name ? e.name : 'Error'}: ${e && e.message ? e.message : e}` }
    }
    const quit = req && req.request === 'quit'
    process.stdout.write(JSON.stringify(out) + '\n', () => {
      if (quit) process.exit(0)
    })
    if (quit) lines.close()
  })
}

module.exports = {
  SIZE, Refused, CannotSetUp, library, version, numberToSquare, squareToNumber, readSquare, parseFen, writeFen,
  jumpedPieces, shortRoute, win, Game, Adapter, serve
}
