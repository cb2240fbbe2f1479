from django.contrib import admin

from web.bots.models import Bot, BotVersion


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
    search_fields = ("name",)
    inlines = [BotVersionInline]
