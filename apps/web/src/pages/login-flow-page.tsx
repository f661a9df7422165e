// /app/login-flow: a user without a school sets one up (spec §2), then sees the welcome-success modal.
import { useMutation } from '@tanstack/react-query';
import { createSchoolInput } from '@volant/shared/school/inputs';
import { Alert, Button, Card, Divider, Form, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useIsDebugAllowed } from '../app/root-layout.tsx';
import { reloadUser } from '../app/session.ts';
import { useAppStore } from '../app/store.ts';
import { AddressFields, SchoolInfoFields } from '../features/school/school-fields.tsx';
import { showServerErrors, validateForm } from '../lib/form-errors.ts';
import { useTRPC } from '../lib/trpc.ts';

export default function LoginFlowPage() {
  const trpc = useTRPC();
  const isDebugAllowed = useIsDebugAllowed();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const firstName = useAppStore((s) => s.user?.firstName);
  const isOperator = useAppStore((s) => s.user?.role === 'ADMIN') && isDebugAllowed;
  const showWelcome = useAppStore((s) => s.setWelcomeSuccessModalVisible);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(trpc.school.createSchool.mutationOptions());

  const onFinish = async (values: unknown) => {
    setError(null);
    const input = validateForm(form, createSchoolInput, values);
    if (!input) return;
    try {
      await create.mutateAsync(input);
      showWelcome(true);
      await reloadUser();
      navigate('/app', { replace: true });
    } catch (e) {
      setError(showServerErrors(form, e));
    }
  };

  return (
    <Card style={{ maxWidth: 640, margin: '0 auto' }}>
      <Typography.Title level={2}>Vítejte ve Volantu{firstName ? `, ${firstName}` : ''}!</Typography.Title>
      <Typography.Paragraph>
        Než začnete, nastavte svou autoškolu. Údaje se použijí v hlášenkách a dalších dokumentech; později je změníte v Nastavení. Pokud vás do autoškoly pozval
        kolega, přijměte pozvánku z e-mailu – tento krok pak nepotřebujete.
      </Typography.Paragraph>
      {isOperator && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Jste provozovatel Volantu."
          description={
            <span>
              Panel provozovatele najdete na stránce <Link to="/app/debug">Debug</Link>.
            </span>
          }
        />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={create.isPending}>
        <Divider titlePlacement="start">Autoškola</Divider>
        <SchoolInfoFields prefix="info" />
        <Divider titlePlacement="start">Adresa učebny</Divider>
        <AddressFields prefix="address" />
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" size="large" block loading={create.isPending}>
          Nastavit autoškolu
        </Button>
      </Form>
    </Card>
  );
}
