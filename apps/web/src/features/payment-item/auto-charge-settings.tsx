// Nastavení → Ceník → 'Automatické poplatky' (issue 21 §2): where the school's rules say so, a charge from the price
// list is added by itself — a repeated exam (the 2nd and later attempt) charges 'Opravná zkouška' at the sign-up, and
// each registered ride beyond the student's plan ('Osnova') charges 'Kondiční jízda (45 min)' per whole 45 minutes.
// The late cancellation of a ride is charged by the booking rules (Nastavení → Rezervace jízd).
import { useMutation, useQuery } from '@tanstack/react-query';
import { Card, Flex, Switch, Typography } from 'antd';
import { schoolOf, useMembership, useSchoolInput } from '../../app/use-school.ts';
import { trpcOptions, useTRPC } from '../../lib/trpc.ts';
import { useApplyWrite } from '../../lib/use-form-mutation.ts';

export function AutoChargeSettings() {
  const trpc = useTRPC();
  const school = useSchoolInput();
  const applyWrite = useApplyWrite();
  const { isAdmin } = useMembership();
  const settings = useQuery(trpc.instalment.getAutoCharges.queryOptions(school));
  const set = useMutation(
    trpc.instalment.setAutoCharges.mutationOptions({ onSuccess: () => applyWrite([trpcOptions.instalment.getAutoCharges.queryFilter()]) }),
  );
  return (
    <Card size="small" title="Automatické poplatky">
      <Flex vertical gap={8}>
        <Flex gap={8} align="center">
          <Switch
            aria-label="Opravná zkouška"
            checked={settings.data?.examRepeat ?? false}
            disabled={!isAdmin || settings.isPending}
            loading={set.isPending}
            onChange={(examRepeat) => set.mutate({ ...schoolOf(school), examRepeat })}
          />
          <Typography.Text>Opravná zkouška: při přihlášení na 2. a další pokus účtovat cenu z ceníku (Další položky)</Typography.Text>
        </Flex>
        <Flex gap={8} align="center">
          <Switch
            aria-label="Jízdy nad rámec kurzu"
            checked={settings.data?.extraRides ?? false}
            disabled={!isAdmin || settings.isPending}
            loading={set.isPending}
            onChange={(extraRides) => set.mutate({ ...schoolOf(school), extraRides })}
          />
          <Typography.Text>
            Jízdy nad rámec kurzu: kurz zahrnuje jízdy podle osnovy žáka (zákonné minimum skupiny a navýšení školy); každých celých 45 minut zaevidovaných jízd
            navíc účtovat jako Kondiční jízdu (45 min) z ceníku. Jízda, která přestane být zaevidovaná, poplatek vrátí.
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary">Poplatek za pozdní zrušení jízdy se účtuje podle pravidel rezervací (Nastavení → Rezervace jízd).</Typography.Text>
      </Flex>
    </Card>
  );
}
