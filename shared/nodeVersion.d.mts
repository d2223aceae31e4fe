// A side-effect module: importing it stops an older Node with one line.
export {};
