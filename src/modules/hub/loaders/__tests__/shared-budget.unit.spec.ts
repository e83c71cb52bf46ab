import { sharedBudgetRedis } from "../shared-budget"

describe("sharedBudgetRedis: one request budget for every process by default", () => {
  it("the rateLimitRedisUrl option wins", () => {
    expect(sharedBudgetRedis("redis://budget:6379", { projectConfig: { redisUrl: "redis://medusa:6379" } })).toEqual({
      url: "redis://budget:6379",
      from: "the rateLimitRedisUrl option",
    })
  })

  it("else Medusa's projectConfig.redisUrl", () => {
    expect(sharedBudgetRedis(undefined, { projectConfig: { redisUrl: "rediss://medusa:6380" } })?.url).toBe("rediss://medusa:6380")
  })

  it("else the Redis of a module: event bus, workflow engine (redis.redisUrl), a locking provider", () => {
    const eventBus = { modules: [{ resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl: "redis://events:6379" } }] }
    expect(sharedBudgetRedis(undefined, eventBus)).toEqual({ url: "redis://events:6379", from: "the options of @medusajs/medusa/event-bus-redis" })
    const engine = { modules: { workflows: { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl: "redis://engine:6379" } } } } }
    expect(sharedBudgetRedis(undefined, engine)?.url).toBe("redis://engine:6379")
    const locking = {
      modules: [{ resolve: "@medusajs/medusa/locking", options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", options: { redisUrl: "redis://locks:6379" } }] } }],
    }
    expect(sharedBudgetRedis(undefined, locking)?.url).toBe("redis://locks:6379")
  })

  it("none: this process's own budget", () => {
    expect(sharedBudgetRedis(undefined, { projectConfig: {}, modules: [{ resolve: "./src/modules/hub", options: { baseUrl: "https://hub.example" } }] })).toBeNull()
    expect(sharedBudgetRedis(undefined, undefined)).toBeNull()
  })
})
