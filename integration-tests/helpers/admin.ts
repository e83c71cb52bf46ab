import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import jwt from "jsonwebtoken"

/**
 * An authenticated admin for API calls in tests: a user, its auth identity and a JWT signed
 * with the store's secret (the pattern of Medusa's own integration tests).
 */
export async function adminHeaders(container: MedusaContainer) {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const user = await userModule.createUsers({ first_name: "Admin", last_name: "Hub", email: "admin@hub-plugin.test" })
  const authIdentity = await authModule.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: user.email }],
    app_metadata: { user_id: user.id },
  })
  const { jwtSecret, jwtOptions } = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig.http
  const token = jwt.sign(
    { actor_id: user.id, actor_type: "user", auth_identity_id: authIdentity.id },
    jwtSecret as string,
    jwtOptions
  )
  return { headers: { authorization: `Bearer ${token}` } }
}
