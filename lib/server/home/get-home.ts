import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { viewerOf } from '../entities/viewer';
import { accessRequestsSection } from './access-requests';
import { applicationSection } from './application';
import { changesSection } from './changes';
import { contractsSection } from './contracts';
import { designerApplicationsSection } from './designer-applications';
import { invoicesSection } from './invoices';
import { permitsSection } from './permits';
import { invitationsSection } from './invitations';
import { notificationsSection } from './notifications';
import { reportsSection } from './reports';
import { reviewsSection } from './reviews';
import type { HomeData, HomeSection } from './types';

/** GET /api/home: what waits for the caller, one section per concern, read in parallel. */
export async function getHome(db: Db, caller: Caller, now = new Date()): Promise<HomeData> {
  const viewer = await viewerOf(db, caller);
  const sections = await Promise.all([
    reviewsSection(db, viewer),
    contractsSection(db, viewer),
    changesSection(db, viewer),
    permitsSection(db, viewer),
    reportsSection(db, viewer, now),
    invoicesSection(db, viewer),
    accessRequestsSection(db, viewer),
    designerApplicationsSection(db, viewer),
    invitationsSection(db, caller.sub, caller.lang, now),
    notificationsSection(db, caller.sub),
    applicationSection(db, caller.sub, caller.lang),
  ]);
  return { sections: sections.filter((s): s is HomeSection => s !== null) };
}
