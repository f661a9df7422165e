// The spinner of a page or section that is loading, drawn as antd's large Spin (four dots turning) in plain markup:
// it is the lazy routes' fallback, and the login route loads no antd.
export function PageSpinner() {
  return (
    <div className="page-spinner" aria-busy="true">
      <span className="page-spinner__dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
