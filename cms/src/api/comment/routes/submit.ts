// The customers' comment route: authenticated by the payments-service token inside the
// controller (auth: false turns off Strapi's own users-permissions check, not ours).
export default {
  routes: [
    {
      method: 'POST',
      path: '/comments',
      handler: 'api::comment.comment.submit',
      config: { auth: false },
    },
  ],
}
