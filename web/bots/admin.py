from django.contrib import admin

from web.bots.models import Bot, BotBlob, BotVersion


class BotVersionInline(admin.TabularInline):
    model = BotVersion
    extra = 0
    fields = ("number", "kind", "builtin_name", "original_name", "status", "created_at")
    readonly_fields = fields
    can_delete = False


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "owner", "created_at", "deleted_at")
    list_filter = ("game",)
    list_select_related = ("owner",)
    search_fields = ("name", "owner__username")
    inlines = [BotVersionInline]


@admin.register(BotVersion)
class BotVersionAdmin(admin.ModelAdmin):
    """Versions and their validation: why one failed, with the bot's error output."""
    list_display = ("__str__", "bot", "number", "kind", "status", "size", "created_at", "validated_at")
    list_filter = ("status", "kind", "bot__game")
    list_select_related = ("bot",)
    search_fields = ("bot__name", "original_name", "sha256")
    readonly_fields = [f.name for f in BotVersion._meta.fields]
    exclude = ("validation_verdict",)


@admin.register(BotBlob)
class BotBlobAdmin(admin.ModelAdmin):
    """The stored bytes of uploaded bots, by sha256: read-only, since a version names its file by
    this hash and a worker checks the bytes against it."""
    list_display = ("__str__", "size", "created_at")
    search_fields = ("sha256",)
    exclude = ("content",)
    readonly_fields = ("sha256", "size", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
