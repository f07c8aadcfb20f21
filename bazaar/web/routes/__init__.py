"""The web app's routes, one module per concern, each an :class:`fastapi.APIRouter`.

Every route reaches the server through :class:`bazaar.web.routes.common.Web` (the app-state
object: settings, hub, rate limits), injected with ``Depends``."""
