import {
  cohortCsvQuery,
  commissionsReportCsvQuery,
  depositChannelsCsvQuery,
  insightConsoleApi,
  pnlCsvQuery,
  rolesOf,
  withdrawalsReportCsvQuery,
} from '@jinb/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { operatorActor, requireOperator } from '../http/request-context';
import { createReportsService, type ReportKey } from './reports.service';

/** The CSV exports: a file for a spreadsheet, not the envelope (NOT_JSON in the contract), one per report. */
const CSV_EXPORTS: Array<{ path: string; report: ReportKey; query: z.ZodType; file: string }> = [
  { path: insightConsoleApi.adminReportPnlCsv, report: 'pnl', query: pnlCsvQuery, file: 'pnl' },
  {
    path: insightConsoleApi.adminReportDepositChannelsCsv,
    report: 'depositChannels',
    query: depositChannelsCsvQuery,
    file: 'deposit-channels',
  },
  {
    path: insightConsoleApi.adminReportWithdrawalsCsv,
    report: 'withdrawals',
    query: withdrawalsReportCsvQuery,
    file: 'withdrawals',
  },
  {
    path: insightConsoleApi.adminReportRegistrationsCsv,
    report: 'registrations',
    query: cohortCsvQuery,
    file: 'registrations',
  },
  {
    path: insightConsoleApi.adminReportCommissionsCsv,
    report: 'commissions',
    query: commissionsReportCsvQuery,
    file: 'agent-commissions',
  },
];

/** The console's dashboard and reports (issue 27): figures for the roles of the group `reports`. */
export function reportsRoutes(container: Container): FastifyPluginAsyncZod {
  const reports = createReportsService({ db: container.db, timeZone: container.config.timeZone });
  return async (app) => {
    const readers = { tags: ['admin'], preHandler: requireOperator(container, rolesOf('reports')) };

    // Console: 概览, today's figures, the queues and the last 30 days.
    route(app, 'adminDashboard', readers, async (request) => ok(await reports.dashboard(operatorActor(request))));

    // Console: 报表, one tab per report.
    route(app, 'adminReportPnl', readers, async (request) =>
      ok(await reports.pnl(operatorActor(request), request.query)),
    );
    route(app, 'adminReportDepositChannels', readers, async (request) =>
      ok(await reports.depositChannels(operatorActor(request), request.query)),
    );
    route(app, 'adminReportWithdrawals', readers, async (request) =>
      ok(await reports.withdrawals(operatorActor(request), request.query)),
    );
    route(app, 'adminReportRegistrations', readers, async (request) =>
      ok(await reports.registrations(operatorActor(request), request.query)),
    );
    route(app, 'adminReportCommissions', readers, async (request) =>
      ok(await reports.commissions(operatorActor(request), request.query)),
    );

    // Console: 导出 CSV of each report, the whole range in the table's order.
    for (const item of CSV_EXPORTS) {
      app.get(
        item.path,
        {
          schema: { tags: ['admin'], querystring: item.query, produces: ['text/csv'] },
          preHandler: readers.preHandler,
        },
        async (request, reply) => {
          const query = request.query as { from: string; to: string; sort?: string };
          const csv = await reports.csv(operatorActor(request), item.report, query);
          return reply
            .header('cache-control', 'no-store')
            .header('content-disposition', `attachment; filename="${item.file}-${query.from}-${query.to}.csv"`)
            .type('text/csv; charset=utf-8')
            .send(csv);
        },
      );
    }
  };
}
