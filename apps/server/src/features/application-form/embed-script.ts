// The one-line embed of a school's application form: `<script src="{app}/embed/application-form.js" data-form-id="…"
// async></script>` puts an iframe of the hosted page /apply/:id after itself and sizes it by the page's height
// messages (accepted only from that iframe and from the app's origin).
export const EMBED_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script) return;
  var formId = script.getAttribute('data-form-id');
  if (!formId || !/^[0-9a-f-]{36}$/i.test(formId)) return;
  var origin = new URL(script.src).origin;
  var frame = document.createElement('iframe');
  frame.src = origin + '/apply/' + encodeURIComponent(formId);
  frame.title = 'Přihláška do autoškoly';
  frame.loading = 'lazy';
  frame.setAttribute('style', 'width:100%;border:0;min-height:640px;display:block');
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== 'volant-form-height' || data.formId !== formId) return;
    var height = Number(data.height);
    if (height > 0 && height < 20000) frame.style.height = Math.ceil(height) + 'px';
  });
})();
`;
