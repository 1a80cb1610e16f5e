/**
 * One `nametag getaddresstag` record exactly as the API sends it (docs/etherscan-api.md; sample
 * test/etherscan/samples/docs-getaddresstag-PROPLUS.json). Unlike the list rows, `reputation` and
 * `lastupdatedtimestamp` are JSON numbers.
 */
export interface WireAddressTag {
  address: string;
  nametag: string;
  internal_nametag: string;
  url: string;
  shortdescription: string;
  notes_1: string;
  notes_2: string;
  labels: string[];
  labels_slug: string[];
  reputation: number;
  other_attributes: unknown[];
  lastupdatedtimestamp: number;
}
