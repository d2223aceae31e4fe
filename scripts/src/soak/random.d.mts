/** A small seeded generator (mulberry32): the soak children repeat exactly for one seed. */
export function mulberry32(seed: number): () => number;
