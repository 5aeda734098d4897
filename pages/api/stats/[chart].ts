import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { tableToCsv } from '@/lib/server/stats/csv';
import { csvFileName, getStatsChart, parseChartParam } from '@/lib/server/stats/get-chart';

// Holder statistics: product staff or admin (SPEC §6). `{chart}.csv` answers the same table as CSV.
export default apiRoute({
  acl: aclOf('holderProductOnly'),
  methods: {
    GET: async ({ caller, query, res }) => {
      const { chart, csv } = parseChartParam(query.chart);
      const result = await getStatsChart(await getDb(), caller, chart, query);
      if (!csv) return result;
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${csvFileName(result)}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.status(200).send(tableToCsv(result));
      return undefined;
    },
  },
});
