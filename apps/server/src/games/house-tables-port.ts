/**
 * What launching needs from our own tables (the casino module, container.casino.tables): the table code a catalogue
 * game opens, or null when no open table serves it.
 */
export interface HouseTablesPort {
  codeForGame(gameId: number): Promise<string | null>;
}

/** The site path of one of our tables (paths.casinoTable in the site). */
export const houseTablePath = (code: string) => `/casino/${code}`;
