import { dashboardDrillInput, dashboardInput, drillPeriod } from '@volant/shared/dashboard/period';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { getDashboard, getDrill } from './dashboard.service.ts';

/** 'Přehled školy' (issue 21 §4): the owner's figures for a period, and the rows behind each. ADMIN only (permissions.ts). */
export const dashboardRouter = router({
  getOverview: schoolProcedure.input(dashboardInput).query(({ ctx, input }) => getDashboard(ctx.db, ctx.school.id, input, ctx.now())),
  getDrill: schoolProcedure
    .input(dashboardDrillInput)
    .query(({ ctx, input }) => getDrill(ctx.db, ctx.school.id, { ...drillPeriod(input), drill: input.drill, state: input.state }, ctx.now())),
});
