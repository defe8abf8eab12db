import dns from 'node:dns';
import net from 'node:net';
import { AppError } from '../../platform/errors.ts';

/**
 * The answer to a failure no database answered and no cause can be named for: a connection reset or
 * closed, another protocol's bytes the driver cannot read. An unknown host, a refused port and a timeout are named (datasources.probe.ts):
 * whoever sets up a source needs to know which of host, port or firewall to fix. That tells a closed
 * port from an open one, but only on hosts DATA_SOURCE_HOSTS lists (the administrator's database
 * servers), and the answer's elapsed time told a silent port apart already.
 */
export const UNREACHABLE = '无法连接到数据源，请检查主机地址、端口和数据库服务是否可用';

/** A host name no DNS answer resolves. */
export const hostNotFoundMessage = (host: string) => `找不到主机 ${host}，请检查主机地址是否正确`;

export const notAllowedMessage = (host: string) =>
  `主机 ${host} 不在允许的数据源主机列表（DATA_SOURCE_HOSTS）中，请联系系统管理员`;

/** How a name resolves: every address, as the system resolver answers (dns.lookup, as the drivers do). */
export type LookupAll = (host: string) => Promise<string[]>;

const lookupAll: LookupAll = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** `[::1]` → `::1`; names compare without case and without the root's trailing dot. */
const normalize = (host: string) =>
  host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

export interface HostAllowList {
  /**
   * Where to connect for a source on `host`: the host itself when it is listed by name, else the
   * address it was checked as. Connecting to the checked address, not the name again, leaves no
   * second lookup a DNS answer could change in between. Throws a Chinese AppError when not allowed.
   */
  addressOf(host: string): Promise<string>;
}

/**
 * DATA_SOURCE_HOSTS (see config.ts): host names, addresses and CIDRs. An address is allowed when it
 * lies in a listed address or CIDR; a name when it is listed, or when every address it resolves to is
 * allowed (one address outside would let the resolver pick where the server connects).
 */
export function createHostAllowList(
  entries: readonly string[],
  lookup: LookupAll = lookupAll,
): HostAllowList {
  const names = new Set<string>();
  const ranges = new net.BlockList();
  for (const raw of entries) {
    const entry = normalize(raw);
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0) names.add(entry);
    else if (prefix === undefined) ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else ranges.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  const inRanges = (address: string) => {
    const family = net.isIP(address);
    if (family === 0) return false;
    try {
      return ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
    } catch {
      return false;
    }
  };

  return {
    async addressOf(host) {
      const wanted = normalize(host);
      const refuse = () => new AppError('UNPROCESSABLE', notAllowedMessage(host.trim()));
      if (!wanted) throw refuse();
      if (net.isIP(wanted) !== 0) {
        if (!inRanges(wanted)) throw refuse();
        return wanted;
      }
      if (names.has(wanted)) return wanted;
      // Nothing listed: no lookup either, so a refused name costs no DNS query.
      if (ranges.rules.length === 0) throw refuse();
      let addresses: string[];
      try {
        addresses = await lookup(wanted);
      } catch {
        throw new AppError('UNPROCESSABLE', hostNotFoundMessage(host.trim()));
      }
      const [first] = addresses;
      if (first === undefined) throw new AppError('UNPROCESSABLE', hostNotFoundMessage(host.trim()));
      if (!addresses.every(inRanges)) throw refuse();
      return first;
    },
  };
}
