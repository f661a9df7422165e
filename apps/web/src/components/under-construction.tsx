// The honest state of a part that a later issue builds: no fake data.
import { Result } from 'antd';

export function UnderConstruction({ title }: { title?: string }) {
  return (
    <Result
      status="info"
      title="Tato část se právě připravuje"
      subTitle={title ? `${title}: na této části aplikace právě pracujeme.` : 'Na této části aplikace právě pracujeme.'}
    />
  );
}
