import type { LedgerRow } from '../support/exportLedger.js';
import type { WorldTx, WorldView } from './WorldView.js';

/** What a ledger row moved, without how it was categorised or labelled. */
export interface Leg {
  wallet: string;
  direction: string;
  kind: string;
  asset_contract: string;
  token_id: string;
  amount_raw: string;
  counterparty: string;
}

export function legOf(row: LedgerRow): Leg {
  const { wallet, direction, kind, asset_contract, token_id, amount_raw, counterparty } = row;
  return { wallet, direction, kind, asset_contract, token_id, amount_raw, counterparty };
}

export function isFailed(worldTx: WorldTx): boolean {
  return worldTx.tx.isError === '1' || worldTx.tx.txreceipt_status === '0';
}

/** gasUsed × effectiveGasPrice + l1Fee + blobGasUsed × blobGasPrice, all from the receipt. */
export function receiptFee(view: WorldView, worldTx: WorldTx): bigint {
  const receipt = view.receipt(worldTx);
  return receipt.gasUsed * receipt.effectiveGasPrice + (receipt.l1Fee ?? 0n) + (receipt.blobGasUsed ?? 0n) * (receipt.blobGasPrice ?? 0n);
}

/** The wrapped ether of the world's chains (WETH9, its OP Mainnet predeploy, Arbitrum's WETH). */
export const WETH: Readonly<Record<number, string>> = {
  1: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  10: '0x4200000000000000000000000000000000000006',
  42161: '0x82af49447d8a07e3bd95bd0d56f35241523fbab1',
};

/**
 * The legs docs/ledger-rules.md says a world transaction makes, in the documented order: owned
 * wallets by address, each wallet's movements in stream order and API order, fees last. Worked out
 * from the API's rows alone, as an accountant would check them by hand.
 */
/**
 * A wrap's or unwrap's WETH leg no token row lists: ether a wallet sends to WETH mints as much WETH, ether
 * WETH pays a wallet burnt as much (WETH9 emits no Transfer for either).
 */
function derivedWrapLegs(moves: Leg[], weth: string | undefined): void {
  if (weth === undefined) return;
  const listed = (wallet: string, direction: string): boolean =>
    moves.some((m) => m.wallet === wallet && m.direction === direction && m.asset_contract === weth);
  for (const m of [...moves]) {
    if (m.asset_contract !== '' || m.counterparty !== weth) continue;
    const direction = m.direction === 'out' ? 'in' : 'out';
    if (listed(m.wallet, direction)) continue;
    moves.push({
      wallet: m.wallet,
      direction,
      kind: 'erc20',
      asset_contract: weth,
      token_id: '',
      amount_raw: m.amount_raw,
      counterparty: weth,
    });
  }
}

export function expectedLegs(view: WorldView, worldTx: WorldTx): Leg[] {
  const { chainId, tx } = worldTx;
  const owned = (address: string): boolean => view.isOwned(address, chainId);
  const genesis = tx.from === 'GENESIS';
  const moves: Leg[] = [];
  const move = (from: string, to: string, kind: string, assetContract: string, tokenId: string, raw: bigint): void => {
    if (raw === 0n || from === to) return;
    const leg = { kind, asset_contract: assetContract, token_id: tokenId, amount_raw: raw.toString() };
    if (owned(from)) moves.push({ wallet: from, direction: 'out', counterparty: to, ...leg });
    if (owned(to)) moves.push({ wallet: to, direction: 'in', counterparty: genesis ? '' : from, ...leg });
  };
  if (!isFailed(worldTx)) {
    move(tx.from, tx.to === '' ? tx.contractAddress : tx.to, 'native', '', '', BigInt(tx.value));
    for (const row of worldTx.internals) {
      if (row.isError === '1' || row.type === 'delegatecall') continue;
      move(row.from, row.to === '' ? row.contractAddress : row.to, 'internal', '', '', BigInt(row.value));
    }
    for (const row of worldTx.tokens) move(row.from, row.to, 'erc20', row.contractAddress, '', BigInt(row.value));
    for (const row of worldTx.nfts) move(row.from, row.to, 'erc721', row.contractAddress, row.tokenID, 1n);
    for (const row of worldTx.multis) move(row.from, row.to, 'erc1155', row.contractAddress, row.tokenID, BigInt(row.tokenValue));
    derivedWrapLegs(moves, WETH[chainId]);
  }
  // A stable sort keeps each wallet's movements in stream order.
  const legs = moves.sort((a, b) => (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0));
  if (!genesis && owned(tx.from)) {
    const fee = receiptFee(view, worldTx);
    if (fee > 0n)
      legs.push({
        wallet: tx.from,
        direction: 'out',
        kind: 'fee',
        asset_contract: '',
        token_id: '',
        amount_raw: fee.toString(),
        counterparty: '',
      });
  }
  return legs;
}
