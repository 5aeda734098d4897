/**
 * The access lists of SPEC §6, built for a client id and product key that are settings.
 * Pages, menus and API routes all take their lists from here.
 */
export interface RoleNames {
  client: string;
  product: string;
}

export function accessLists({ client, product }: RoleNames) {
  const admin = `${client}:admin`;
  const boss = `${client}:boss`;
  const productRole = `${client}:${product}`;
  return {
    signedIn: [] as string[],
    holder: [admin, boss, productRole],
    holderProductOnly: [productRole, admin],
    designer: [`${client}:designer`],
    licensee: [`${client}:licensee`, `${client}:*:licensee:*`],
    // An organisation's business (sales reports, invoices): its owners, admins and staff, not its designer members.
    licenseeBusiness: [
      `${client}:licensee`,
      `${client}:owner:licensee:*`,
      `${client}:admin:licensee:*`,
      `${client}:staff:licensee:*`,
    ],
    // Managing an organisation (profile, members): its owners and admins.
    licenseeAdmin: [`${client}:owner:licensee:*`, `${client}:admin:licensee:*`],
    system: [admin],
    dataMaintenance: [admin],
  };
}

export type AccessListName = keyof ReturnType<typeof accessLists>;
