"""A measurement build: the cycles of the first load of every node's hash probe, by call site.

    git worktree add /tmp/probe REV && python3 results/speed-round8/probe-latency.py /tmp/probe
    (cd /tmp/probe && cargo build --release) && /tmp/probe/target/release/umax bench --build old --nodes 1000000

Edits REV's src/engine.rs and src/bench.rs in that scratch tree (never committed, never
timed as a whole): around the probe's first load, `lfence; rdtsc; lfence` before and after,
so each figure is the load's own latency from a standstill, in TSC cycles, with about 50
cycles of the fences' own (the floor: a load that hits the cache). The parent names the site
before each call: the `d>=2` loop by the move's place in its iteration (1st, 2nd, 3rd, 4th
and later taken from the ring) and whether the iteration began with a best move to sneak in
(`Y&8`); the `d=1` loop's first searched recapture and later ones; sdp's re-search; anything
else (the top-level calls). `umax bench` then prints `PROBE | site | calls | mean cycles |
share of all probe cycles |`. The fences stop the out-of-order overlap the real search has,
so the figures say where the latency is, not what it costs the search's time.
"""
import os
import sys
if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], "src", "engine.rs")):
    sys.exit("usage: probe-latency.py TREE  (a scratch checkout of 8b5eee9 or b295446; see above)")
root=sys.argv[1]
def need(ok):
    if not ok:
        sys.exit("probe-latency.py: this tree is not 8b5eee9 or b295446 (a line to edit is missing); nothing written")
edited = {}
p=root+'/src/engine.rs'; s=open(p).read()
s=s.replace("pub mod anatomy;\n","""pub mod anatomy;
pub static SUM: [std::sync::atomic::AtomicU64; 16] = [const { std::sync::atomic::AtomicU64::new(0) }; 16];
pub static CNTS: [std::sync::atomic::AtomicU64; 16] = [const { std::sync::atomic::AtomicU64::new(0) }; 16];
pub static SITE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(12);
#[inline(always)] fn site(i: usize) { SITE.store(i, std::sync::atomic::Ordering::Relaxed); }
""",1)
old="""        loop {
            // W((h=A[++j].K)&&h-Z&&--i); first empty or match
            j += 1;
            h = self.entry_at(j as usize).K;"""
new="""        let mut first = true;
        loop {
            // W((h=A[++j].K)&&h-Z&&--i); first empty or match
            j += 1;
            if first {
                first = false;
                let st = SITE.load(std::sync::atomic::Ordering::Relaxed);
                SITE.store(12, std::sync::atomic::Ordering::Relaxed);
                let t0 = unsafe { core::arch::x86_64::_mm_lfence(); let t = core::arch::x86_64::_rdtsc(); core::arch::x86_64::_mm_lfence(); t };
                let kk = unsafe { std::ptr::read_volatile(&self.entry_at(j as usize).K) };
                let t1 = unsafe { core::arch::x86_64::_mm_lfence(); let t = core::arch::x86_64::_rdtsc(); core::arch::x86_64::_mm_lfence(); t };
                std::hint::black_box(kk);
                SUM[st].fetch_add(t1 - t0, std::sync::atomic::Ordering::Relaxed);
                CNTS[st].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            h = self.entry_at(j as usize).K;"""
need(old in s); s=s.replace(old,new,1)
old="""                let mut ahead = Ahead::new();
                let mut more = true; // moves left after those in `ahead`
"""
need(old in s); s=s.replace(old,old+"                let mut popped = 0usize;\n",1)
old="""                    let Pc = child_last_arg::<V>(P, n, y, z, &mut searched);
                    v = match self.search_move::<V, AUDIT, ABORT>("""
new="""                    let Pc = child_last_arg::<V>(P, n, y, z, &mut searched);
                    site(popped.min(3) + if best.is_some() { 4 } else { 0 });
                    popped += 1;
                    v = match self.search_move::<V, AUDIT, ABORT>("""
need(old in s); s=s.replace(old,new,1)
old="""                                    let Pc = child_last_arg::<V>(P, n, y, z, &mut searched);
                                    v = match self.search_move::<V, AUDIT, ABORT>("""
new="""                                    let Pc = child_last_arg::<V>(P, n, y, z, &mut searched);
                                    site(if d1first { 8 } else { 9 });
                                    d1first = false;
                                    v = match self.search_move::<V, AUDIT, ABORT>("""
need(old in s); s=s.replace(old,new,1)
old="""            let mut searched = 0; // moves searched in this iteration (iidcut's node types)"""
need(old in s); s=s.replace(old,old+"\n            let mut d1first = true;",1)
old="""                v = -self.search::<V, AUDIT, ABORT>(
                    reply.0, reply.1, reply.2, reply.3, reply.4, reply.5, F, y as i32, h, Pc, child,"""
need(old in s); s=s.replace(old,"                site(10);\n"+old,1)
edited[p]=s
p=root+'/src/bench.rs'; s=open(p).read()
old="""    let _ = writeln!(s, "bench: {total}");"""
new=old+"""
    {
        use crate::engine::{SUM, CNTS};
        let names = ["d>=2 no hint, 1st","d>=2 no hint, 2nd","d>=2 no hint, 3rd","d>=2 no hint, 4th+","d>=2 hint, 1st","d>=2 hint, 2nd","d>=2 hint, 3rd","d>=2 hint, 4th+","d=1 first recapture","d=1 later recapture","sdp re-search","-","top level"];
        let tot: u64 = (0..16).map(|i| SUM[i].load(std::sync::atomic::Ordering::Relaxed)).sum();
        for (i, nm) in names.iter().enumerate() {
            let c = CNTS[i].load(std::sync::atomic::Ordering::Relaxed);
            let t = SUM[i].load(std::sync::atomic::Ordering::Relaxed);
            if c > 0 { let _ = writeln!(s, "PROBE | {nm} | {c} | {:.1} | {:.1}% |", t as f64 / c as f64, 100.0 * t as f64 / tot as f64); }
        }
    }"""
need(old in s); s=s.replace(old,new,1)
edited[p]=s
for path, text in edited.items():
    open(path, 'w').write(text)
