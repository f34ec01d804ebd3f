// web's preview page reads a draft here with the token of the admin's preview link; the token is
// the whole authority (src/preview/preview-token.ts), so Strapi's own permission check is off.
export default {
  routes: [
    {
      method: 'GET',
      path: '/previews/:token',
      handler: 'api::preview.preview.read',
      config: { auth: false },
    },
  ],
}
