"""Drives `umax uci` with python-chess: a whole game, several FEN positions, a clock game and
an analysis that is stopped. Every bestmove must be legal. Exit status 0 on success.

    python drive.py /path/to/umax [extra umax args...]
"""
import sys

import chess
import chess.engine

EXE = sys.argv[1]
ARGS = [EXE, "uci", "--hash-bits", "16"] + sys.argv[2:]

FENS = [
    # castling both ways, for both sides
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
    # en passant available
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    # promotion race
    "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
    # mate in one
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    # king and pawn ending
    "8/8/4k3/8/4P3/4K3/8/8 w - - 0 1",
    # far ahead in material (micro-Max's Q beyond I/4)
    "4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1",
    # black to move, in check
    "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def check(board, result, what):
    if result.move is None:
        fail(f"{what}: no move in {board.fen()}")
    if result.move not in board.legal_moves:
        fail(f"{what}: illegal bestmove {result.move} in {board.fen()}")


def main():
    with chess.engine.SimpleEngine.popen_uci(ARGS, timeout=60) as engine:
        name = engine.id.get("name", "")
        if "umax" not in name:
            fail(f"unexpected engine name {name!r}")

        # 1. A whole game, engine against itself, 20000 nodes a move.
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 150:
            result = engine.play(board, chess.engine.Limit(nodes=20000), info=chess.engine.INFO_ALL)
            check(board, result, f"game ply {board.ply() + 1}")
            board.push(result.move)
        print(f"game: {board.ply()} plies, outcome {board.outcome()}")
        print(chess.Board().variation_san(board.move_stack))

        # 2. FEN positions, under several kinds of limit.
        limits = [
            chess.engine.Limit(nodes=20000),
            chess.engine.Limit(depth=4),
            chess.engine.Limit(time=0.1),
        ]
        for fen in FENS:
            for limit in limits:
                board = chess.Board(fen)
                if board.is_game_over():
                    continue
                result = engine.play(board, limit)
                check(board, result, f"{fen} {limit}")
                # and one move further, so `position fen ... moves ...` is exercised
                board.push(result.move)
                if not board.is_game_over():
                    check(board, engine.play(board, limit), f"{fen} + 1 {limit}")
        print(f"fens: {len(FENS)} positions ok")

        # 3. An opponent's under-promotion (micro-Max has none): sent as a move.
        board = chess.Board("8/P6k/8/8/8/8/6K1/8 w - - 0 1")
        board.push_uci("a7a8n")
        check(board, engine.play(board, chess.engine.Limit(nodes=5000)), "after a8=N")

        # 4. A game on the clock: 2 s + 0.05 s each, 40 plies.
        board = chess.Board()
        clock = {chess.WHITE: 2.0, chess.BLACK: 2.0}
        import time
        for _ in range(40):
            if board.is_game_over():
                break
            limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                       white_inc=0.05, black_inc=0.05)
            t0 = time.monotonic()
            result = engine.play(board, limit)
            used = time.monotonic() - t0
            check(board, result, "clock game")
            clock[board.turn] += 0.05 - used
            if clock[board.turn] < 0:
                fail(f"lost on time at ply {board.ply() + 1} (used {used:.3f} s)")
            board.push(result.move)
        print(f"clock game: {board.ply()} plies, clocks left "
              f"{clock[chess.WHITE]:.2f} / {clock[chess.BLACK]:.2f} s")

        # 5. Analysis, stopped by python-chess once depth 4 is reached.
        board = chess.Board(FENS[0])
        with engine.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 4:
                    break
        best = analysis.wait().move
        if best is None or best not in board.legal_moves:
            fail(f"analysis: bestmove {best}")
        info = engine.analyse(chess.Board(FENS[3]), chess.engine.Limit(depth=3))
        if info["score"].white() != chess.engine.Mate(1):
            fail(f"mate in one scored {info['score']}")
        print("analysis: ok, mate in one scored", info["score"])

        # 6. Still alive after all that.
        engine.ping()
    print("python-chess: all ok")


if __name__ == "__main__":
    main()
